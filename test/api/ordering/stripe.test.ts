import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { startFakeStripe, type FakeStripe } from '../../helpers/fakeStripe';
import { orderingShop, type OrderingShop } from '../../helpers/orderingShop';
import { activate } from '../../../server/infra/payments/accounts';

/*
 * The ordering page with the Stripe provider: the page learns the publishable key and the shop's connected account (for
 * the Payment Element) only once the shop can take cards, and its Content-Security-Policy lets Stripe.js in.
 */
let ctx: TestContext;
let fake: FakeStripe;
let owner: TestUser;
let cafe: OrderingShop;
let consoleDir: string;
const ACCOUNT = 'acct_1GO5hdDyjGbwT4Wz';

beforeAll(async () => {
  fake = await startFakeStripe();
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-ordering-'));
  fs.mkdirSync(path.join(consoleDir, 'storefront'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html>');
  fs.writeFileSync(
    path.join(consoleDir, 'storefront', 'index.html'),
    '<!doctype html><html><head><title>x</title><!--page-head--></head><body><div id="root"><!--page-html--></div><!--page-data--></body></html>',
  );
  ctx = await createTestContext({
    serveConsole: true,
    consoleDir,
    env: { STRIPE_SECRET_KEY: 'sk_test_51FakeSecretKeyThatMustNeverLeak', STRIPE_API_BASE: fake.url },
  });
  owner = await createUser(ctx, { email: 'owner@example.com', name: 'Olive Owner' });
  const root = await createUser(ctx, { email: 'root@example.com', name: 'Sue Super', superAdmin: true });
  cafe = await orderingShop(ctx, owner);
  const pk = await ctx.app.inject({
    method: 'PUT',
    url: '/api/platform/remote-config',
    headers: root.headers,
    payload: { switchToCustomConnect: true, stripePk: 'pk_test_OrderingPage' },
  });
  expect(pk.statusCode, pk.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const page = async () => (await ctx.app.inject({ url: `/api/storefront/shops/${cafe.shopId}/page` })).json();

describe('the ordering page with the Stripe provider', () => {
  it('offers no card until the shop has a connected account, then the key and account for the Payment Element', async () => {
    expect((await page()).payment).toEqual({ provider: 'none' });
    expect((await page()).checkout.card).toBe(false);
    await activate(cafe.shopId, ctx.db, { accountId: ACCOUNT, mode: 'custom' }, new Date());
    const body = await page();
    expect(body.payment).toEqual({ provider: 'stripe', publishableKey: 'pk_test_OrderingPage', accountId: ACCOUNT });
    expect(body.checkout.card).toBe(true);
    expect(JSON.stringify(body)).not.toContain('sk_test');
  });

  it("lets Stripe.js's script, frames and API in through the page's Content-Security-Policy", async () => {
    const res = await ctx.app.inject({ url: `/order/${cafe.shopId}` });
    expect(res.statusCode, res.body).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com/);
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });
});
