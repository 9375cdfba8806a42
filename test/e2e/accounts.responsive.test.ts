import path from 'node:path';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, hasChromium, newPage } from '../helpers/browser';
import { createUser } from '../helpers/users';
import { signIn, useE2eEnvironment } from './steps';

/**
 * The account screens and the signed-in shell at desktop (1366×850) and phone (390×844) width:
 * nothing may overflow sideways. Set SHOTS_DIR to keep a screenshot of each screen for review.
 */
describe.skipIf(!hasChromium())('account screens at desktop and phone width', () => {
  const env = useE2eEnvironment();
  const shotsDir = process.env.SHOTS_DIR;

  beforeAll(async () => {
    if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });
  });

  async function check(page: Page, name: string) {
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
    expect(overflow, `${name} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`lays out every account screen and the shell on ${label}`, async () => {
      const { context, page, errors } = await newPage(env.browser, viewport);
      for (const screen of ['login', 'register', 'reset']) {
        await page.goto(`${env.server.baseUrl}/${screen}`);
        await page.locator('h1').waitFor();
        await check(page, `${label}-${screen}`);
      }
      await page.goto(`${env.server.baseUrl}/register`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText('Please review and accept the agreement.').waitFor();
      await check(page, `${label}-register-errors`);

      const unverified = await createUser(env.server.ctx, { verified: false, name: 'Una Verified', email: `una-${label}@example.com` });
      await signIn(page, env.server, unverified.email);
      await page.getByText('Email Not Verified').waitFor();
      await check(page, `${label}-email-not-verified`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((u) => u.pathname === '/login');

      const admin = await createUser(env.server.ctx, { superAdmin: true, name: 'Sam Admin', email: `sam-${label}@example.com` });
      await signIn(page, env.server, admin.email);
      await page.getByTestId('user-initials').waitFor();
      if (label === 'phone') {
        await check(page, `${label}-shell`);
        await page.getByLabel('Open menu').first().click();
        await page.getByText('Super Admin').waitFor();
        // The drawer slides in: look once it has arrived.
        await page.waitForFunction(() => {
          const paper = document.querySelector('.MuiDrawer-paper');
          return paper !== null && ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(paper).transform);
        });
        await check(page, `${label}-shell-menu`);
      } else {
        await page.getByText('Super Admin').waitFor();
        await check(page, `${label}-shell`);
      }
      await page.goto(`${env.server.baseUrl}/no/such/page`);
      await page.getByText('No match').first().waitFor();
      await check(page, `${label}-no-match`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
