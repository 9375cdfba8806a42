import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server';
import { createUser, PASSWORD, type TestUser } from '../helpers/users';
import type { SellerRole } from '../../domain/shop';
import { createShop } from '../helpers/shopWorld';

/** Steps the e2e journeys share: what a person does in the browser, and the API shortcuts that set a scene. */

/**
 * Starts the real server and Chromium before a file's tests and stops both after them. Call it inside the
 * file's `describe`, so a suite skipped for want of Chromium starts nothing; read `server` and `browser` in
 * hooks and tests, once they exist.
 */
/** `env`: settings for the server, as createTestContext takes them. */
export function useE2eEnvironment(opts: { env?: Record<string, string> } = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer({ env: opts.env });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(what: T | undefined, name: string): T => {
    if (what === undefined)
      throw new Error(`The e2e ${name} is not started: read it in a hook or a test, not while the suite is collected.`);
    return what;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

let n = 0;
/** An address no other test in the run uses (the e2e server's database lives for the whole file). */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++n}@example.com`;

export const onPath = (page: Page, p: string | RegExp) =>
  page.waitForURL((u) => (typeof p === 'string' ? u.pathname === p : p.test(u.pathname)));

/**
 * Holds back the console's JavaScript (every module under /assets but a pre-rendered page's own small script) until
 * `release()`, as a slow line does: what shows meanwhile is the page's first view alone.
 */
export async function holdConsoleScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!prerendered-)[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Signs in through the form; stays on /login when already there, so a `?next=` is kept. */
export async function signIn(page: Page, server: RunningServer, email: string, password = PASSWORD) {
  if (new URL(page.url()).pathname !== '/login') await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fills in and sends the sign-up form of the page it is on. */
export async function signUp(page: Page, email: string, name: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** Uploads a plain square PNG as `user` and answers its path, for shops made through the API. */
export async function uploadLogo(server: RunningServer, user: TestUser, background: { r: number; g: number; b: number }) {
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('aspect', 'SQUARE');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const upload = await fetch(`${server.baseUrl}/api/uploads`, { method: 'POST', headers: user.headers, body: form });
  expect(upload.status).toBe(201);
  const { path } = (await upload.json()) as { path: string };
  return path;
}

/** Invites `to` into the shop through the API and answers the invitation mail. */
export async function inviteByApi(server: RunningServer, inviter: TestUser, shopId: string, to: string, role: SellerRole) {
  const invited = await server.ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/invites`,
    headers: inviter.headers,
    payload: { to, role },
  });
  expect(invited.statusCode).toBe(201);
  return server.ctx.mail.waitFor(to, /invit/i);
}

/** A published shop, open around the clock, with one item on its menu (Flat White, $4.50): where customers' orders can be placed through the API. */
export async function orderingShop(server: RunningServer, name: string) {
  const { ctx } = server;
  const owner = await createUser(ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
  const admin = await createUser(ctx, { email: uniqueEmail('admin'), superAdmin: true });
  const shop = await createShop(ctx, owner, { name });
  expect((await ctx.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/approve`, headers: admin.headers })).statusCode).toBe(200);
  const open = { open: '00:00', duration: 24, available: true };
  const day = { pickup: open, pickupExt: { ...open, available: false }, delivery: open, deliveryExt: { ...open, available: false } };
  const week = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, day]));
  expect(
    (await ctx.app.inject({ method: 'PUT', url: `/api/shops/${shop.id}/settings/timings`, headers: owner.headers, payload: week }))
      .statusCode,
  ).toBe(200);
  const item = await ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${shop.id}/items`,
    headers: owner.headers,
    payload: { type: 'BASIC', name: 'Flat White', price: 4.5 },
  });
  expect(item.statusCode).toBe(201);
  // Customers can order what the menu lists.
  const menu = { categories: [{ name: 'Coffee', itemIds: [item.json().id] }] };
  expect(
    (await ctx.app.inject({ method: 'PUT', url: `/api/shops/${shop.id}/menu`, headers: owner.headers, payload: menu })).statusCode,
  ).toBe(200);
  return { owner, shop, itemId: item.json().id as string };
}

/** What a customer's app does: POST a cart of two of the item to the customers' API (no console login), in cash or by card. */
export async function customerOrder(
  server: RunningServer,
  shopId: string,
  itemId: string,
  customerName: string,
  payment: { paymentType: 'CASH' } | { paymentType: 'CREDIT_CARD'; paymentToken: string } = { paymentType: 'CASH' },
) {
  const res = await fetch(`${server.baseUrl}/api/storefront/shops/${shopId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ itemId, quantity: 2 }],
      customerName,
      mobile: '0400 000 001',
      collectionType: 'PICKUP',
      collectionTime: null,
      ...payment,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; grandTotal: number; paymentStatus: string };
}
