import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { PHONE, hasChromium, launchBrowser, newPage } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server';
import { startFakeStripe, type FakeStripe } from '../helpers/fakeStripe';
import { STRIPE_JS_URL, routeStripeToFake } from '../helpers/fakeStripe/stripeJs';
import { createUser, type TestUser } from '../helpers/users';
import { activate } from '../../server/infra/payments/accounts';
import { audit } from '../helpers/audit';
import { onPath, signIn, uniqueEmail } from './steps';
import { createShop } from '../helpers/shopWorld';

const SHOTS = process.env.STRIPE_SCREENSHOTS ?? path.join(os.tmpdir(), 'servery-stripe-shots');
const PUBLISHABLE_KEY = 'pk_test_51FakePublishableKeyForTheConsole';
const ACCOUNT = 'acct_1GO5hdDyjGbwT4Wz';
const ACCOUNT_NUMBER = '000111222';

/** What the browser sent while a test ran: every request, and any Content-Security-Policy refusal it reported. */
function watch(page: Page) {
  const requests: Request[] = [];
  const refusals: string[] = [];
  page.on('request', (r) => void requests.push(r));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusals.push(m.text());
  });
  return { requests, refusals };
}

/** Everything a request carries that a server could keep: its URL, headers and body. */
const carried = async (r: Request) => [r.url(), JSON.stringify(await r.allHeaders()), r.postData() ?? ''].join('\n');

/**
 * The bank form with the Stripe provider ("the account number never reaches our server"): the console
 * loads Stripe.js through @stripe/stripe-js under the server's own Content-Security-Policy, Stripe.js turns the
 * details into a token at api.stripe.com, and our server only ever sees the token. js.stripe.com and api.stripe.com
 * are unreachable here, so the browser gets a stand-in Stripe.js at Stripe's URL and its API calls go to the fake
 * Stripe server, which the server's Stripe SDK talks to as well.
 */
describe.skipIf(!hasChromium())('bank account through Stripe.js (Stripe provider)', () => {
  let fake: FakeStripe;
  let server: RunningServer;
  let browser: Browser;
  let owner: TestUser;
  let shopId: string;
  const accountPage = () => `${server.baseUrl}/shops/${shopId}/payments/stripe`;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startServer({
      env: { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_51FakeSecretKeyThatMustNeverLeak', STRIPE_API_BASE: fake.url },
    });
    browser = await launchBrowser();
    const ctx = server.ctx;
    // The publishable key comes from the platform's remote config, as a super admin sets it (spec 3 §3).
    const admin = await createUser(ctx, { email: uniqueEmail('stripejs-admin'), superAdmin: true });
    const config = await ctx.app.inject({
      method: 'PUT',
      url: '/api/platform/remote-config',
      headers: admin.headers,
      payload: { switchToCustomConnect: true, stripePk: PUBLISHABLE_KEY },
    });
    expect(config.statusCode, config.body).toBe(200);
    owner = await createUser(ctx, { email: uniqueEmail('stripejs-owner'), name: 'Olive Owner' });
    shopId = (await createShop(ctx, owner, { name: 'Token Cafe', country: 'AU' })).id;
    await activate(shopId, ctx.db, { accountId: ACCOUNT, mode: 'custom' }, new Date());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  /** Signs the owner in and opens the bank account panel of the account page, Stripe's addresses routed to the fake. */
  async function openBankForm(page: Page) {
    await routeStripeToFake(page, fake);
    await signIn(page, server, owner.email);
    await onPath(page, '/');
    const document = await page.goto(accountPage());
    await page.getByRole('button', { name: 'Update Bank Account and Payout Schedule' }).click();
    await page.getByLabel('Account holder name').waitFor();
    return (await document!.allHeaders())['content-security-policy'];
  }

  async function fillBankForm(page: Page, routing: string) {
    await page.getByLabel('Account holder name').fill('Token Cafe Pty Ltd');
    await page.getByLabel('Account holder type').click();
    await page.getByRole('option', { name: 'Company' }).click();
    await page.getByLabel('BSB').fill(routing);
    await page.getByLabel('Account number').fill(ACCOUNT_NUMBER);
    await page.getByRole('button', { name: 'Update Bank Account', exact: true }).click();
  }

  const tokenCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/tokens');

  it('sends the account number to Stripe only, and our server only the token', async () => {
    const { context, page, errors } = await newPage(browser);
    const seen = watch(page);
    try {
      const csp = await openBankForm(page);
      // The console runs under the Stripe provider's policy, which lets Stripe.js and Stripe's API in.
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      await audit(page, 'bank form (Stripe.js)');
      const before = fake.requests.length;

      await fillBankForm(page, '110000');
      // A policy that refused Stripe.js or its API call would end in one of Stripe.js's own failures instead.
      const toast = page.getByText(
        /^(Bank account updated, hooray!|Failed to load Stripe\.js|An error occurred with our connection to Stripe\.)$/,
      );
      await toast.waitFor();
      expect(seen.refusals).toEqual([]);
      await expect(toast.textContent()).resolves.toBe('Bank account updated, hooray!');
      // @stripe/stripe-js injected Stripe's script from js.stripe.com.
      expect(seen.requests.some((r) => STRIPE_JS_URL.test(r.url()))).toBe(true);

      // Stripe got the full account number from the browser, with the publishable key.
      const tokenCall = tokenCalls().at(-1)!;
      expect(fake.requests.slice(before).filter((r) => r.path === '/v1/tokens')).toEqual([tokenCall]);
      expect(tokenCall.headers.authorization).toBe(`Bearer ${PUBLISHABLE_KEY}`);
      expect(tokenCall.headers.origin).toBe(server.baseUrl);
      expect(tokenCall.body).toEqual({
        'bank_account[country]': 'AU',
        'bank_account[currency]': 'aud',
        'bank_account[account_holder_name]': 'Token Cafe Pty Ltd',
        'bank_account[account_holder_type]': 'company',
        'bank_account[account_number]': ACCOUNT_NUMBER,
        'bank_account[routing_number]': '110000',
      });
      const token = seen.requests.find((r) => r.url() === 'https://api.stripe.com/v1/tokens')!;
      const tokenId = ((await (await token.response())!.json()) as { id: string }).id;
      expect(tokenId).toMatch(/^btok_/);

      // Our server got the token in the path and nothing else; no request to it carried the account number.
      const ours = seen.requests.filter((r) => r.url().startsWith(`${server.baseUrl}/`));
      const saved = ours.filter((r) => r.method() === 'POST' && r.url().includes('/external_account/'));
      expect(saved.map((r) => new URL(r.url()).pathname)).toEqual([`/api/stripe/shops/${shopId}/external_account/${tokenId}`]);
      expect(saved[0].postData() ?? '').not.toContain(ACCOUNT_NUMBER);
      for (const r of seen.requests) {
        if (r.url() !== 'https://api.stripe.com/v1/tokens') expect(await carried(r), r.url()).not.toContain(ACCOUNT_NUMBER);
      }

      // Our server handed Stripe the token for the shop's account, and never the number.
      const attach = fake.requests.slice(before).filter((r) => r.path === `/v1/accounts/${ACCOUNT}/external_accounts`);
      expect(attach.map((r) => r.body)).toEqual([{ external_account: tokenId, default_for_currency: 'true' }]);
      expect(attach[0].headers['stripe-account']).toBe(ACCOUNT);
      for (const r of fake.requests.slice(before)) {
        if (r.path !== '/v1/tokens') expect(JSON.stringify(r), r.path).not.toContain(ACCOUNT_NUMBER);
      }

      // The account reloads with the bank account Stripe made from the token: only its last four digits.
      await page.getByText('•••• 1222').waitFor();
      await page.getByText('STRIPE TEST BANK').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows Stripe.js refusing the routing number in the form, and sends our server nothing', async () => {
    const { context, page, errors } = await newPage(browser);
    const seen = watch(page);
    try {
      await openBankForm(page);
      const calls = tokenCalls().length;
      await fillBankForm(page, '11000');
      const message = 'Your routing number is invalid.';
      // Under the BSB field, and as the toast.
      await page.locator('#bank-routing_number-helper-text').filter({ hasText: message }).waitFor();
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      await expect(page.locator('#bank-routing_number').getAttribute('aria-invalid')).resolves.toBe('true');
      await audit(page, 'bank form with a Stripe.js error');

      expect(tokenCalls().length).toBe(calls + 1);
      expect(tokenCalls().at(-1)!.body['bank_account[routing_number]']).toBe('11000');
      const ours = seen.requests.filter((r) => r.url().startsWith(`${server.baseUrl}/`));
      expect(ours.filter((r) => r.url().includes('/external_account/'))).toEqual([]);
      for (const r of ours) expect(await carried(r), r.url()).not.toContain(ACCOUNT_NUMBER);
      // The details stay for another try.
      await expect(page.getByLabel('Account number').inputValue()).resolves.toBe(ACCOUNT_NUMBER);
      expect(seen.refusals).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a 390 px phone, a Stripe.js error under its field included', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await openBankForm(page);
      await fillBankForm(page, '11000');
      await page.locator('#bank-routing_number-helper-text').filter({ hasText: 'Your routing number is invalid.' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the bank form overflows sideways at 390 px').toBeLessThanOrEqual(0);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, 'bank-form-stripejs-390.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
