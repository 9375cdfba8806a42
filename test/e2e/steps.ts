import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server';
import { PASSWORD, type TestUser } from '../helpers/users';
import type { SellerRole } from '../../domain/shop';

/** Steps the e2e journeys share: what a person does in the browser, and the API shortcuts that set a scene. */

/**
 * Starts the real server and Chromium before a file's tests and stops both after them. Call it inside the
 * file's `describe`, so a suite skipped for want of Chromium starts nothing; read `server` and `browser` in
 * hooks and tests, once they exist.
 */
export function useE2eEnvironment() {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(what: T | undefined, name: string): T => {
    if (what === undefined) throw new Error(`The e2e ${name} is not started: read it in a hook or a test, not while the suite is collected.`);
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
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background } }).png().toBuffer();
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
