import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { onPath, signIn, useE2eEnvironment } from './steps';
import { shopScene } from './shopScene';
import { postScene } from './postScene';
import { audit } from '../helpers/audit';

/** axe's findings worth a failed test: those it rates serious or critical. */

/**
 * axe-core on the screens a new user meets first: no serious or critical violations.
 * Every finding, blocking or not, is printed with the elements it names, so a failure says what to fix.
 */
describe.skipIf(!hasChromium())('accessibility (axe)', () => {
  const env = useE2eEnvironment();
  let scene: Awaited<ReturnType<typeof shopScene>>;

  beforeAll(async () => {
    scene = await shopScene(env.server);
  });

  it('finds nothing serious on the sign-in and sign-up pages', async () => {
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await page.goto(`${env.server.baseUrl}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await audit(page, '/login');
      await page.goto(`${env.server.baseUrl}/register`);
      await page.getByRole('button', { name: 'Sign up' }).waitFor();
      await audit(page, '/register');
    } finally {
      await context.close();
    }
  });

  it("finds nothing serious on the owner's shops, the new shop form, a shop's edit page and its users", async () => {
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops`);
      await page.getByTestId('shop-row').filter({ hasText: 'Dumpling Den' }).waitFor();
      await audit(page, '/shops');
      await page.goto(`${env.server.baseUrl}/shops/create`);
      await page.getByRole('button', { name: 'Create Shop' }).waitFor();
      await audit(page, '/shops/create');
      await page.goto(`${env.server.baseUrl}/shops/${scene.shops.rejected}/edit`);
      await page.getByLabel('Description', { exact: true }).waitFor();
      await page.locator('img[src*="/api/media/"]').first().waitFor();
      await audit(page, 'shop edit');
      // The invitations table's actions column has no visible header: it must still have one for screen readers.
      await page.goto(`${env.server.baseUrl}/shops/${scene.shops.published}/users`);
      await page.getByTestId('invite-row').first().waitFor();
      await audit(page, 'shop users');
    } finally {
      await context.close();
    }
  });

  it('finds nothing serious on the platform browse list', async () => {
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.admin.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/browse`);
      await page.getByTestId('shop-row').filter({ hasText: 'Dumpling Den' }).waitFor();
      await audit(page, '/shops/browse');
    } finally {
      await context.close();
    }
  });

  // posts: the posts list, the post form and the billboards screen.
  it("finds nothing serious on a shop's posts, its post form and its billboards", async () => {
    await postScene(env.server, scene.owner, scene.shops.published);
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      const shop = `${env.server.baseUrl}/shops/${scene.shops.published}`;
      await page.goto(`${shop}/posts`);
      await page.getByTestId('post-row').nth(1).waitFor();
      await audit(page, 'posts');
      await page.getByTestId('post-title').filter({ hasText: 'Spring Menu Launch' }).click();
      await page.getByTestId('post-image').first().waitFor();
      await audit(page, 'post edit');
      await page.goto(`${shop}/posts/new`);
      await page.getByLabel('Title', { exact: true }).waitFor();
      await audit(page, 'post create');
      await page.goto(`${shop}/billboards`);
      await page.getByTestId('billboard-row').nth(1).waitFor();
      await audit(page, 'billboards');
    } finally {
      await context.close();
    }
  });

  it('reaches every control of /shops and a shop edit page with Tab, each visibly focused', async () => {
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      for (const [where, ready] of [
        ['/shops', () => page.getByTestId('shop-row').filter({ hasText: 'Dumpling Den' }).waitFor()],
        [`/shops/${scene.shops.rejected}/edit`, () => page.getByLabel('Description', { exact: true }).waitFor()],
      ] as const) {
        await page.goto(`${env.server.baseUrl}${where}`);
        await ready();
        const seen: string[] = [];
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press('Tab');
          const focus = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            const style = getComputedStyle(el);
            // Visible focus: an outline, a focus ring shadow, or MUI's focus-visible state (which draws one).
            const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
            const muiFocus = el.classList.contains('Mui-focusVisible') || el.closest('.Mui-focused') !== null;
            const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName).trim().slice(0, 40);
            return { name, visible: ring || muiFocus };
          });
          if (!focus) continue;
          expect(focus.visible, `${focus.name} on ${where} shows no focus`).toBe(true);
          seen.push(focus.name);
        }
        const expected = where === '/shops' ? ['New Shop', 'Edit'] : ['Change', 'Remove'];
        for (const name of expected)
          expect(
            seen.some((s) => s.includes(name)),
            `${name} reached with Tab on ${where}: ${seen.join(' | ')}`,
          ).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});
