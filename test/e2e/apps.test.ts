import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage, settled } from '../helpers/browser';
import { createUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';
import { audit as auditPage } from '../helpers/audit';
import { createShop } from '../helpers/shopWorld';

/** axe's findings worth a failed test: those it rates serious or critical (as test/e2e/accessibility.test.ts). */
const WIDTHS = [390, 820, 1366];

/**
 * In Chromium: a super admin creates a white-label app with two outlets and a logo, fills the Appstore
 * tab and requests an iOS build; a runner moves it to SUCCESS and the list shows it green; the outlet shop's owner
 * opens Downloads and sees what the storefront API registered. SCREENSHOT_DIR captures each screen at 390/820/1366.
 */
describe.skipIf(!hasChromium())('white-label apps and downloads in Chromium', () => {
  const env = useE2eEnvironment();
  const url = (p: string) => `${env.server.baseUrl}${p}`;
  // Toasts are the shell's (their success colour is checked on its own); the page itself is what is audited here.
  const audit = (page: Page, name: string) => auditPage(page, name, { exclude: ['.MuiSnackbar-root'] });

  /** Tabs from the top of the page until the control named `name` has the focus: reachable without a mouse. */
  async function reachByTab(page: Page, name: string) {
    await page.locator('body').focus();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? `${el.getAttribute('aria-label') ?? ''}|${el.textContent ?? ''}` : '';
      });
      if (focused.includes(name)) return;
    }
    throw new Error(`${name} cannot be reached with the Tab key`);
  }

  async function shoot(page: Page, name: string) {
    const dir = process.env.SCREENSHOT_DIR;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    const original = page.viewportSize() ?? DESKTOP;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize(original);
  }

  it('creates an app, builds it through a runner, and shows its downloads to the outlet shop', async () => {
    const { ctx } = env.server;
    const admin = await createUser(ctx, { email: uniqueEmail('root'), name: 'Sue Super', superAdmin: true });
    const owner = await createUser(ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const harbour = await createShop(ctx, owner, { name: 'Harbour Beans' });
    await createShop(ctx, owner, { name: 'Hilltop Brews' });
    const quiet = await createShop(ctx, owner, { name: 'Quiet Corner' });
    const adminTab = await newPage(env.browser, DESKTOP);
    const ownerTab = await newPage(env.browser, DESKTOP);
    try {
      let page = adminTab.page;
      await signIn(page, env.server, admin.email);
      await onPath(page, '/');
      await page.getByRole('menuitem', { name: 'Apps' }).click();
      await onPath(page, '/whitelabel/apps/list');
      await page.getByText('No apps to display').waitFor();

      // New App: bundle id, name, a square-cropped logo, two outlets found by search.
      await page.getByRole('link', { name: 'New App' }).click();
      await onPath(page, '/whitelabel/apps/create');
      const create = page.getByRole('button', { name: 'Create App' });
      await page.getByLabel('Bundle ID').fill('Servery');
      await page.getByText('Use reverse-DNS form such as com.servery.cafe', { exact: false }).waitFor();
      await page.getByLabel('Bundle ID').fill('com.servery.harbour');
      await page.getByLabel('Name', { exact: true }).fill('Harbour App');
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 160 } } })
        .png()
        .toBuffer();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose image' }).click()]);
      await chooser.setFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png });
      const crop = page.getByRole('dialog');
      await crop.getByRole('button', { name: 'Upload', exact: true }).click();
      await crop.waitFor({ state: 'detached' });
      const pickShop = async (index: number, text: string) => {
        const box = page.getByRole('combobox', { name: 'Shop' }).nth(index);
        await box.fill(text);
        await page.getByRole('option', { name: new RegExp(text) }).click();
      };
      await pickShop(0, 'Harbour');
      await page.getByRole('button', { name: 'Add outlet' }).click();
      await pickShop(1, 'Hilltop');
      await expect.poll(() => page.getByLabel('Outlet name').nth(1).inputValue()).toBe('Hilltop Brews');
      await expect.poll(() => create.isDisabled()).toBe(false);
      await audit(page, 'new app');
      await shoot(page, 'app-create');
      await create.click();
      await onPath(page, '/whitelabel/apps/com.servery.harbour/edit');

      // Tab Appstore: every field, both files; the secrets come back only as 'set'.
      await page.getByRole('tab', { name: 'Appstore' }).click();
      const fields: Record<string, string> = {
        'Bundle name': 'Harbour App',
        'Apple ID': 'dev@harbour.app',
        'Team ID': 'TEAM12345',
        'iTunes Connect team ID': '118001',
        'iTunes Connect team name': 'Harbour Pty Ltd',
        'Apple ID password': 'pw-secret-1',
        'App-specific password': 'abcd-efgh-ijkl-mnop',
        'APNs key': '-----BEGIN PRIVATE KEY-----',
      };
      for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).first().fill(value);
      await page
        .getByTestId('file-apnsCert')
        .setInputFiles({ name: 'apns.p12', mimeType: 'application/octet-stream', buffer: Buffer.from('p12-bytes') });
      await page.getByText('apns.p12').waitFor();
      await page
        .getByTestId('file-appstoreGoogleServices')
        .setInputFiles({ name: 'GoogleService-Info.plist', mimeType: 'application/xml', buffer: Buffer.from('<plist/>') });
      await page.getByText('GoogleService-Info.plist').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Harbour App Updated').waitFor();
      await expect.poll(() => page.getByText('set', { exact: true }).count()).toBe(3);
      await audit(page, 'app edit (Appstore)');
      await shoot(page, 'app-edit-appstore');

      // Request the iOS build, and let a CI runner take it to SUCCESS.
      await page.getByRole('button', { name: 'Request iOS build' }).click();
      await page.getByText('Build requested').waitFor();
      await page.getByTestId('build-row').filter({ hasText: 'Requested' }).waitFor();
      const token = await ctx.app.inject({
        method: 'POST',
        url: '/api/build-runner/tokens',
        headers: admin.headers,
        payload: { name: 'e2e runner' },
      });
      const runner = { authorization: `Bearer ${token.json().token}`, 'content-type': 'application/json' };
      const claimed = await (await fetch(url('/api/build-runner/claim'), { method: 'POST', headers: runner })).json();
      expect(claimed.build.status).toBe('QUEUED');
      for (const status of ['RUNNING', 'SUCCESS']) {
        const res = await fetch(url(`/api/build-runner/builds/${claimed.build.id}/status`), {
          method: 'POST',
          headers: runner,
          body: JSON.stringify({ status }),
        });
        expect(res.status).toBe(200);
      }
      await page.getByRole('menuitem', { name: 'Apps' }).click();
      const row = page.getByTestId('app-row').filter({ hasText: 'com.servery.harbour' });
      const chip = row.locator('[data-status="SUCCESS"]');
      await chip.waitFor();
      expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 128, 61)');
      await audit(page, 'apps list');
      await shoot(page, 'apps-list');

      // The same bundle id again: the spec's message, and on to the existing app's edit page.
      await page.getByRole('link', { name: 'New App' }).click();
      await page.getByLabel('Bundle ID').fill('com.servery.harbour');
      await page.getByLabel('Name', { exact: true }).fill('Harbour Again');
      const [again] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose image' }).click()]);
      await again.setFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
      await pickShop(0, 'Harbour');
      await expect.poll(() => create.isDisabled()).toBe(false);
      await create.click();
      await page.getByText('Bundle ID already exists.').waitFor();
      await onPath(page, '/whitelabel/apps/com.servery.harbour/edit');

      // Customers' apps register; the outlet's owner sees the counts and the devices.
      for (const [id, os] of [
        ['iphone-1', 'ios'],
        ['iphone-2', 'ios'],
        ['pixel-1', 'android'],
      ]) {
        const res = await fetch(url('/api/storefront/apps/com.servery.harbour/devices'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            device_id: id,
            os,
            brand: os === 'ios' ? 'Apple' : 'Google',
            model: os === 'ios' ? 'iPhone 15' : 'Pixel 8',
            device_country: 'AU',
          }),
        });
        expect(res.status).toBe(201);
      }
      page = ownerTab.page;
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url(`/shops/${harbour.id}/downloads`));
      await expect.poll(() => page.getByTestId('tile-totalDownloads').textContent()).toContain('3');
      expect(await page.getByTestId('tile-iosDownloads').textContent()).toContain('2');
      expect(await page.getByTestId('tile-androidDownloads').textContent()).toContain('1');
      await expect.poll(() => page.getByTestId('device-row').count()).toBe(3);
      await page.getByText('New devices per day, last 90 days').waitFor();
      await audit(page, 'downloads');
      await reachByTab(page, 'Download CSV');
      await shoot(page, 'downloads');

      // A shop in no app, then in an app nobody installed yet: the spec's empty states.
      await page.goto(url(`/shops/${quiet.id}/downloads`));
      await page.getByText('This shop is not part of any app').waitFor();
      const logo = await uploadLogo(env.server, admin, { r: 90, g: 30, b: 120 });
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/whitelabel/apps',
        headers: admin.headers,
        payload: {
          bundleId: 'com.servery.quiet',
          name: 'Quiet App',
          logo: { path: logo },
          outlets: [{ name: 'Quiet Corner', shopId: quiet.id }],
        },
      });
      expect(made.statusCode).toBe(201);
      await page.reload();
      await page.getByText('No downloads yet').waitFor();
    } finally {
      await adminTab.context.close();
      await ownerTab.context.close();
    }
  }, 90_000);
});
