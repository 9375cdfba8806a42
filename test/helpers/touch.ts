import type { Locator, Page } from 'playwright-core';

/** The buttons inside `scope` on screen smaller than 44 × 44 px (what a finger has to hit), with their sizes; [] when none. */
export async function smallButtons(scope: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const button of await scope.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    if (box && (box.height < 44 || box.width < 44))
      small.push(`${(await button.textContent())?.trim() || (await button.getAttribute('aria-label'))}: ${box.width}×${box.height}`);
  }
  return small;
}

/**
 * Every visible control on the page smaller than `min` × `min` px, as '<name> (<role>): <width>×<height>'; [] when none.
 * Controls: buttons, links, tabs, role=button, and the round wrapper a checkbox, radio or switch is hit through.
 * Exempt, as WCAG 2.5.8 exempts them: a link set inline inside a sentence (its height is the line's; growing it would
 * break the text apart). The rule is narrow: the link is display:inline and its parent holds words of its own.
 */
export async function smallTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const SELECTOR = 'button, a[href], [role="tab"], [role="button"], input[type="checkbox"], input[type="radio"]';
    const WRAPPER = '.MuiCheckbox-root, .MuiRadio-root, .MuiSwitch-root';
    const nameOf = (el: HTMLElement) => {
      const labelled = el.getAttribute('aria-labelledby');
      const byId = labelled
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim())
        .join(' ');
      const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent?.trim() : undefined;
      return (
        el.getAttribute('aria-label') || byId || label || el.textContent?.trim() || el.getAttribute('title') || el.outerHTML.slice(0, 80)
      );
    };
    const inSentence = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline' || !el.parentElement) return false;
      const own = [...el.parentElement.childNodes].filter((n) => n !== el).map((n) => n.textContent ?? '');
      return /\p{L}{2,}/u.test(own.join(' '));
    };
    const small = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>(SELECTOR)) {
      const input = el instanceof HTMLInputElement;
      const target = input ? ((el.closest(WRAPPER) as HTMLElement | null) ?? el) : el;
      if (!target.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (target.closest('[aria-hidden="true"], [inert]')) continue;
      // A control inside another counted one (an icon button inside a chip) is hit through the outer.
      if (!input && el.parentElement?.closest(SELECTOR)) continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      if (inSentence(target)) continue;
      const role = el.getAttribute('role') ?? (el.tagName === 'A' ? 'link' : input ? el.type : el.tagName.toLowerCase());
      small.add(`${nameOf(el).slice(0, 60)} (${role}): ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return [...small];
  }, min);
}
