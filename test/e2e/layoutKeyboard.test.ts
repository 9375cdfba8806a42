import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, hasChromium, newPage, settled } from '../helpers/browser';
import { audit, TABLET } from '../helpers/audit';
import { createUser, type TestUser } from '../helpers/users';
import { createShop } from '../helpers/shopWorld';
import { createApp } from '../helpers/apps';
import { validPost } from '../helpers/posts';
import { onPath, signIn, uniqueEmail, useE2eEnvironment } from './steps';

/** SCREENSHOT_DIR=dir keeps each screen at the widths it was checked at, to look at by hand. */
const shotsDir = process.env.SCREENSHOT_DIR;

/** The page never scrolls sideways at this width (what the user sees, the whole page long), once it has laid out for it. */
async function fits(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await settled(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // A responsive table turns into cards on the render after the resize.
  await expect
    .poll(overflow, { timeout: 5000 })
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  const over = await overflow();
  // The innermost elements that reach past the window's right edge: what to fix when this fails.
  const culprits =
    over > 0
      ? await page.evaluate(() => {
          const edge = document.documentElement.clientWidth;
          const out = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge + 0.5);
          return out
            .filter((el) => !out.some((o) => o !== el && el.contains(o)))
            .slice(0, 5)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} → ${Math.round(el.getBoundingClientRect().right)}`,
            );
        })
      : [];
  expect(over, `${name} at ${width} px scrolls sideways by ${over} px: ${culprits.join(', ')}`).toBeLessThanOrEqual(0);
  if (shotsDir) {
    fs.mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
}

async function atEveryWidth(page: Page, name: string) {
  for (const width of [PHONE.width, TABLET.width, DESKTOP.width]) await fits(page, name, width);
  await page.setViewportSize(DESKTOP);
}

/**
 * The layout and keyboard defects a new owner hit, screen by screen: no sideways scrolling at 390, 820 and 1366 px,
 * confirmations that Enter cannot confirm, list editors, the downloads table, posts cards, breadcrumbs, and public
 * pages that log no error.
 */
describe.skipIf(!hasChromium())('layout and keyboard on the screens a new owner opens', () => {
  const env = useE2eEnvironment();
  let owner: TestUser;
  let admin: TestUser;
  let shopId: string;
  const url = (...p: string[]) => `${env.server.baseUrl}/shops/${shopId}/${p.join('/')}`;

  beforeAll(async () => {
    const { ctx } = env.server;
    owner = await createUser(ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    admin = await createUser(ctx, { email: uniqueEmail('admin'), superAdmin: true });
    shopId = (await createShop(ctx, owner, { name: 'Bean There' })).id;
    const call = async (method: 'POST' | 'PUT', p: string, payload: unknown, by = owner) => {
      const res = await ctx.app.inject({ method, url: `/api/shops/${shopId}/${p}`, headers: by.headers, payload: payload as object });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    // A week with an overnight session and a second session, so the view's widest cells are there.
    const session = (open: string, duration: number) => ({ open, duration, available: true });
    const off = { open: '10:00', duration: 7, available: false };
    const day = { pickup: session('06:30', 8), pickupExt: session('17:00', 9.5), delivery: session('11:00', 11), deliveryExt: off };
    await call(
      'PUT',
      'settings/timings',
      Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, day])),
    );
    await call('POST', 'closures', { date: '2030-12-25', note: 'Christmas Day, closed all day', delivery: { open: '17:00', duration: 3 } });
    await call('POST', 'promotions', {
      coupon: 'WELCOME10',
      description: 'Ten percent off every order',
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      type: 'FLAT_PERCENTAGE_DISCOUNT',
      flatPercentageDiscount: { discountPercentage: 10, applicableOverAmount: 0 },
    });
    for (const title of ['Pumpkin Soup Week', 'Winter Hot Chocolate'])
      await call('POST', 'posts', validPost({ title, status: 'PUBLISHED' }));
    // An app with this shop as its outlet, and 30 installs of it.
    await createApp(ctx, admin, [{ name: 'Bean There', shopId }], { bundleId: 'com.servery.bean', name: 'Bean App' });
    for (let i = 0; i < 30; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/storefront/apps/com.servery.bean/devices',
        remoteAddress: `10.0.${i}.1`,
        payload: { device_id: `device-${String(i).padStart(2, '0')}`, os: i % 2 ? 'ios' : 'android', brand: 'Google', model: 'Pixel 8' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('Store Timings: the view and a closure fit every width, and a closure is changed in place', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url('timings', 'view'));
      await page.getByTestId('timings-row').first().waitFor();
      await page.getByText('6:30 am to 2:30 pm').first().waitFor();
      await page.getByText('Closed').first().waitFor();
      await audit(page, 'timings-view');
      await atEveryWidth(page, 'timings-view');

      // A closure is changed in place.
      await page.getByRole('button', { name: 'Change the closure on Wed, Dec 25th 2030' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Closure' });
      await dialog.getByLabel('Closes', { exact: true }).fill('21:00');
      await audit(page, 'closure-change');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('closure-row').getByText('5:00 pm to 9:00 pm').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // A week of sessions is a large page to lay out three times on a busy machine.
  }, 240_000);

  it('Store Timings editor: open and close times fit every width; the saved toast stays off the table', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url('timings', 'view'));
      await page.getByRole('link', { name: 'Update Timings' }).click();
      const monday = page.getByRole('group', { name: 'Monday Pickup', exact: true });
      await monday.getByLabel('Monday Pickup close').fill('15:00');
      await expect.poll(() => page.getByTestId('monday.pickup-duration').textContent()).toBe('8 h 30 min');
      await audit(page, 'timings-edit');
      await atEveryWidth(page, 'timings-edit');
      await page.getByRole('button', { name: 'Save' }).click();
      await onPath(page, `/shops/${shopId}/timings/view`);
      const toast = page.getByText('Saved', { exact: true });
      await toast.waitFor();
      const [toastBox, table] = [await toast.boundingBox(), await page.getByRole('table', { name: 'Store Timings' }).boundingBox()];
      // The toast sits above the table, not over it.
      expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(table!.y);
      await page.getByText('6:30 am to 3:00 pm').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('a delete confirmation opens on Cancel: Enter keeps the coupon; the coupon reads in words', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url('promotions'));
      const row = page.getByTestId('promotion-row').filter({ hasText: 'WELCOME10' });
      await row.getByText('10% off every order').last().waitFor();
      await row.getByText('Unlimited').last().waitFor();
      await page.getByRole('link', { name: 'New Coupon' }).waitFor();
      await row.getByRole('button', { name: 'Delete WELCOME10' }).click();
      const ask = page.getByRole('dialog');
      await ask.getByText('Are you sure delete this promotion?').waitFor();
      await expect.poll(() => ask.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await audit(page, 'delete-confirmation');
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'detached' });
      await row.waitFor();
      // Only a deliberate move to Delete deletes.
      await row.getByRole('button', { name: 'Delete WELCOME10' }).click();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByText('Promotion deleted').waitFor();
      await row.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the posts list at 390 px: cards with no control inside another', async () => {
    const { context, page, errors } = await newPage(env.browser, PHONE);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url('posts'));
      await page.getByTestId('post-title').first().waitFor();
      await audit(page, 'posts-list-phone');
      await page.getByTestId('post-row').filter({ hasText: 'Winter Hot Chocolate' }).getByText('Roasted pumpkin').click();
      await onPath(page, new RegExp(`/shops/${shopId}/posts/[^/]+/edit$`));
      await page.goto(url('posts', 'new'));
      await page.getByLabel('Price').waitFor();
      await atEveryWidth(page, 'post-new');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('downloads at 1366 px: the OS on one line and 25 devices a page; Last seen on the shop clock', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url('downloads'));
      await page.getByTestId('device-row').first().waitFor();
      await expect.poll(() => page.getByTestId('device-row').count(), { timeout: 10_000 }).toBe(25);
      const os = page
        .getByTestId('device-row')
        .first()
        .getByText(/^(Android|iOS)$/);
      const lines = await os.evaluate((el) => el.getClientRects().length);
      expect(lines).toBe(1);
      await page.getByText('Sydney time').first().waitFor();
      await audit(page, 'downloads');
      await atEveryWidth(page, 'downloads');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByTestId('device-row').count(), { timeout: 10_000 }).toBe(5);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the app editor and the new-app form fit 820 px, with breadcrumbs and a remove button on every outlet', async () => {
    const { context, page, errors } = await newPage(env.browser, TABLET);
    try {
      await signIn(page, env.server, admin.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/whitelabel/apps/create`);
      const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
      await crumbs.getByRole('link', { name: 'Apps' }).waitFor();
      await crumbs.getByText('Super Admin').waitFor();
      await page.getByRole('button', { name: 'Add outlet' }).click();
      await page.getByRole('button', { name: 'Add outlet' }).click();
      await page.getByRole('button', { name: 'Remove outlet 2' }).waitFor();
      await audit(page, 'app-create');
      await fits(page, 'app-create', TABLET.width);
      // Remove all asks first, and Enter keeps the outlets.
      const outlets = page.getByRole('button', { name: /^Remove outlet \d$/ });
      const before = await outlets.count();
      expect(before).toBeGreaterThanOrEqual(2);
      await page.getByRole('button', { name: 'Remove all outlets' }).click();
      const ask = page.getByRole('dialog', { name: 'Remove all outlets?' });
      await ask.waitFor();
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'detached' });
      expect(await outlets.count()).toBe(before);

      await page.goto(`${env.server.baseUrl}/whitelabel/apps/com.servery.bean/edit`);
      await page.getByLabel('Outlet name').first().waitFor();
      await crumbs.getByRole('link', { name: 'Apps' }).waitFor();
      await audit(page, 'app-edit');
      await atEveryWidth(page, 'app-edit');
      await page.goto(`${env.server.baseUrl}/stripe/switch`);
      await crumbs.getByText('Super Admin').waitFor();
      expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
      await atEveryWidth(page, 'stripe-switch');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the owner's own row says 'Leave shop'", async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url('users'));
      const own = page.getByTestId('seller-row').filter({ hasText: owner.email });
      await own.getByRole('button', { name: 'Leave shop' }).waitFor();
      expect(await own.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
      await audit(page, 'shop-users');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('public pages log no error in the browser console', async () => {
    const { context, page, errors } = await newPage(env.browser, PHONE);
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    try {
      for (const p of ['/login', '/register', '/reset']) {
        await page.goto(`${env.server.baseUrl}${p}`);
        await page.getByRole('button').first().waitFor();
        await page.waitForLoadState('networkidle');
      }
      expect(logged).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
