import type { Locator } from 'playwright-core';

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
