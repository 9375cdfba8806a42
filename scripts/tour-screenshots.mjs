#!/usr/bin/env node
// `npm run tour-screenshots`: retakes the README's tour pictures (docs/tour/*.png) from a throwaway demo, signed in as
// the demo owner in Debian's Chromium (CHROMIUM_PATH overrides): New Orders, an item editor and the shop overview.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO, root, signInOwner, startDemoServer } from './demoServer.mjs';

const outDir = path.join(root, 'docs/tour');
const VIEWPORT = { width: 1280, height: 800 };

const server = await startDemoServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const { shopId, accessToken } = await signInOwner(server.baseUrl);
  const items = await fetch(`${server.baseUrl}/api/shops/${shopId}/items?range=[0,199]`, {
    headers: { authorization: `Bearer ${accessToken}` },
  }).then((r) => r.json());
  // A coffee with its sizes, milks and extras.
  const item = items.find((i) => i.name === 'Flat White') ?? items[0];
  const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.owner);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');

  const shoot = async (name) => {
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    // Fades and entrances finish before the picture (at most 2 s).
    await page.evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    );
    await page.screenshot({ path: path.join(outDir, `${name}.png`) });
    console.log(`docs/tour/${name}.png`);
  };

  // New Orders: the demo places an order every few seconds while its cafe is open; wait a little for one.
  await page.goto(`${server.baseUrl}/shops/${shopId}/orders/dashboard`);
  await page
    .getByRole('button', { name: /acknowledge|accept/i })
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => console.log('No demo order arrived within 30 s (the demo cafe may be closed now): the board is shown empty.'));
  await shoot('new-orders');

  await page.goto(`${server.baseUrl}/shops/${shopId}/items/${item.type.toLowerCase()}/${item.id}/edit`);
  await page.getByRole('textbox', { name: 'Name' }).first().waitFor();
  await shoot('item-editor');

  await page.goto(`${server.baseUrl}/shops/${shopId}/overview`);
  await shoot('shop-overview');

  // The customers' ordering page, on a phone, as the short link opens it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/order/${shopId}`);
  await page.getByRole('navigation', { name: 'Menu categories' }).waitFor();
  await shoot('ordering-page');
} finally {
  await browser.close();
  await server.stop();
}
