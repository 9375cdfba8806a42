import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChangeLine } from '../../../domain/audit';
import { createApiKey } from '../../helpers/apiKeys';
import { seedOrder } from '../../helpers/orders';
import { setStaffPermissions, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { alignToStep, codeAt, turnOnTwoFactor } from '../../helpers/twoFactor';
import type { TestUser } from '../../helpers/users';
import { simulatedBankToken, stripeBase, stripeCalls } from '../stripe/support';

// One entry per kind the log must hold, each checked for who made it, what kind it is, and each field before → after
// as a person reads it.
let w: ShopWorld;
beforeAll(async () => {
  // Webhook endpoints on loopback (nothing listens there; nothing is sent to them here).
  w = await shopWorld({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  alignToStep(w.ctx);
});
afterAll(() => w.ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user: TestUser | null = w.owner, payload?: unknown, headers: Record<string, string> = {}) =>
  w.ctx.app.inject({ method, url, headers: { ...user?.headers, ...headers }, payload: payload as Record<string, unknown> });
const shopUrl = (path = '') => `/api/shops/${w.shop.id}${path}`;

interface Entry {
  kind: string;
  action: string;
  recordId: string | null;
  recordName: string | null;
  actor: { userId: string | null; name: string | null; apiKeyId: string | null };
  changes: {
    field: string;
    label: string;
    before: unknown;
    after: unknown;
    beforeText: string;
    afterText: string;
    currency: string | null;
  }[];
}

/** The newest entries of a kind in the shop's log (or the platform's). */
async function newest(kind: string, n: number, platform = false): Promise<Entry[]> {
  const filter = encodeURIComponent(JSON.stringify(platform ? { kind, shopId: w.shop.id } : { kind }));
  const res = platform
    ? await call('GET', `/api/platform/audit?filter=${filter}`, w.superAdmin)
    : await call('GET', shopUrl(`/audit?filter=${filter}`));
  expect(res.statusCode, res.body).toBe(200);
  const entries = (res.json() as Entry[]).slice(0, n);
  expect(entries.length, `${kind} entries`).toBe(n);
  return entries;
}
const latest = async (kind: string, platform = false) => (await newest(kind, 1, platform))[0]!;

/** Each change as "Label: before → after" (and its currency), the way the console lists it. */
const lines = (e: Entry) => e.changes.map((c) => auditChangeLine(c));
const by = (user: TestUser) => expect.objectContaining({ userId: user.id, apiKeyId: null });
const ok = (res: { statusCode: number; body: string }, status = 200) => expect(res.statusCode, res.body).toBe(status);

describe('an entry for every kind of change', () => {
  it('shop details', async () => {
    const { name, description, locality, logo, timezone, type, country } = (await call('GET', shopUrl())).json();
    ok(await call('PUT', shopUrl(), w.owner, { name, locality, logo, timezone, type, country, description: 'Scones and tea' }));
    const e = await latest('shop');
    expect(e).toMatchObject({ kind: 'shop', action: 'update', recordId: w.shop.id, recordName: 'Staffed Cafe', actor: by(w.owner) });
    expect(lines(e)).toEqual([`Description: ${description} → Scones and tea`]);
  });

  it('a settings kind', async () => {
    const checkout = (await call('GET', shopUrl('/settings/checkout'))).json();
    // The first save makes the document (every field after); the second changes one field.
    ok(await call('PUT', shopUrl('/settings/checkout'), w.owner, { ...checkout, hasCash: true }));
    ok(await call('PUT', shopUrl('/settings/checkout'), w.owner, { ...checkout, hasCash: false }));
    const e = await latest('settings');
    expect(e).toMatchObject({ kind: 'settings.checkout', action: 'update', actor: by(w.owner) });
    expect(lines(e)).toEqual(['Has cash: Yes → No']);
  });

  it('an item and its price', async () => {
    const created = await call('POST', shopUrl('/items'), w.owner, { type: 'BASIC', name: 'Kinds Scone', price: 3 });
    ok(created, 201);
    const id = created.json().id as string;
    expect(await latest('item')).toMatchObject({ action: 'insert', recordId: id, recordName: 'Kinds Scone', actor: by(w.owner) });
    ok(await call('PUT', shopUrl(`/items/${id}`), w.owner, { type: 'BASIC', name: 'Kinds Scone', price: 3.2 }));
    const e = await latest('item');
    expect(e).toMatchObject({ action: 'update', recordId: id, actor: by(w.owner) });
    expect(lines(e)).toEqual(['Price: 3.00 → 3.20 AUD']);
  });

  it('the menu', async () => {
    const item = await call('POST', shopUrl('/items'), w.owner, { type: 'BASIC', name: 'Menu Muffin', price: 4 });
    ok(item, 201);
    ok(await call('PUT', shopUrl('/menu'), w.owner, { categories: [{ name: 'Bakery', itemIds: [item.json().id] }] }));
    const e = await latest('settings.menu');
    expect(e).toMatchObject({ kind: 'settings.menu', action: 'insert', actor: by(w.owner) });
    expect(JSON.stringify(e.changes)).toContain('Bakery');
  });

  it('timings', async () => {
    const timings = (await call('GET', shopUrl('/settings/timings'))).json();
    const monday = { ...timings.monday, pickupAvailable: true, pickup: { open: '08:00', duration: 8, available: true } };
    ok(await call('PUT', shopUrl('/settings/timings'), w.owner, timings));
    ok(await call('PUT', shopUrl('/settings/timings'), w.owner, { ...timings, monday }));
    const e = await latest('settings.timings');
    expect(e).toMatchObject({ action: 'update', actor: by(w.owner) });
    expect(e.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['monday.pickupAvailable', 'monday.pickup.open', 'monday.pickup.available']),
    );
  });

  it('a coupon: its code names it, money in the shop’s currency', async () => {
    const coupon = {
      coupon: 'SAVE5',
      description: 'Five off',
      startDate: '2030-03-01',
      endDate: '2030-03-31',
      type: 'FLAT_AMOUNT_DISCOUNT',
      flatAmountDiscount: { applicableOverAmount: 10, discountAmount: 5 },
    };
    const created = await call('POST', shopUrl('/promotions'), w.owner, coupon);
    ok(created, 201);
    const id = created.json().id as string;
    ok(
      await call('PUT', shopUrl(`/promotions/${id}`), w.owner, {
        ...coupon,
        flatAmountDiscount: { applicableOverAmount: 10, discountAmount: 6.5 },
      }),
    );
    const e = await latest('coupon');
    expect(e).toMatchObject({ action: 'update', recordId: id, recordName: 'SAVE5', actor: by(w.owner) });
    expect(lines(e)).toEqual(['Discount: 5.00 → 6.50 AUD']);
  });

  it('a closure', async () => {
    ok(await call('POST', shopUrl('/closures'), w.owner, { date: '2030-12-25', note: 'Christmas Day' }), 201);
    const e = await latest('closure');
    expect(e).toMatchObject({ action: 'insert', recordName: '2030-12-25', actor: by(w.owner) });
    expect(lines(e)).toEqual(expect.arrayContaining(['Date: — → 2030-12-25', 'Note: — → Christmas Day', 'Pickup closed: — → Yes']));
  });

  it('an invitation: its address names it, its link never shown', async () => {
    ok(await call('POST', shopUrl('/invites'), w.owner, { to: 'new.hand@example.com', role: 'ADMIN' }), 201);
    const e = await latest('invitation');
    expect(e).toMatchObject({ action: 'insert', recordName: 'new.hand@example.com', actor: by(w.owner) });
    expect(lines(e)).toEqual(expect.arrayContaining(['Email: — → new.hand@example.com', 'Role: — → ADMIN', 'Link: — → [hidden]']));
  });

  it('an order rejected, and its refund', async () => {
    const order = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    ok(await call('POST', `/api/cafes/${w.shop.id}/orders/${order.id}/reject`, w.staff, { reason: 'Out of scones' }));
    const reject = await latest('order_reject');
    expect(reject).toMatchObject({ recordId: order.id, actor: by(w.staff) });
    expect(lines(reject)).toEqual(
      expect.arrayContaining(['Order status: NEW → DECLINED', 'Payment: PAID → REFUND_SUCCESS', 'Reason: — → Out of scones']),
    );
    // The refund is made (pending) and then settled: two changes, both the staff member's.
    const [settled, made] = await newest('refund', 2);
    expect(made).toMatchObject({ action: 'insert', actor: by(w.staff) });
    expect(lines(made!)).toEqual(
      expect.arrayContaining([`Amount: — → ${(order.grandTotal / 100).toFixed(2)} AUD`, `Order: — → ${order.id}`, 'Status: — → PENDING']),
    );
    expect(settled).toMatchObject({ action: 'update', recordId: made!.recordId, actor: by(w.staff) });
    expect(lines(settled!)).toContain('Status: PENDING → SUCCEEDED');
  });

  it('the Stripe bank account: its last four digits only', async () => {
    const { connectStandard } = stripeCalls(w);
    await connectStandard(w.shop.id);
    const account = await latest('stripe');
    expect(account).toMatchObject({ kind: 'stripe.account', action: 'insert', actor: by(w.owner) });
    const token = simulatedBankToken(['Olive Owner', 'i', '110000', '123456789']);
    ok(await call('POST', `${stripeBase(w.shop.id)}/external_account/${token}`, w.owner));
    const e = await latest('stripe.bank_account');
    expect(e).toMatchObject({ kind: 'stripe.bank_account', actor: by(w.owner) });
    expect(lines(e)).toEqual(['Bank account (last four digits): — → 6789']);
    expect(JSON.stringify(e)).not.toContain('12345');
    ok(await call('POST', `${stripeBase(w.shop.id)}/payout_schedule`, w.owner, { interval: 'weekly', weekly_anchor: 'friday' }));
    const schedule = await latest('stripe.payout_schedule');
    expect(schedule).toMatchObject({ action: 'update', actor: by(w.owner) });
    expect(schedule.changes.map((c) => [c.field, c.after])).toEqual(
      expect.arrayContaining([
        ['interval', 'weekly'],
        ['weekly_anchor', 'friday'],
      ]),
    );
  });

  it('two-factor on and off, in the log of the member’s shop', async () => {
    const { secret } = await turnOnTwoFactor(w.ctx, w.staff);
    const on = await latest('two_factor');
    // Setting up made the (hidden) secret; confirming a code turned it on.
    expect(on).toMatchObject({ action: 'update', recordName: 'Sam Staff', actor: by(w.staff) });
    expect(on.changes).toHaveLength(1);
    expect(lines(on)[0]).toMatch(/^Turned on: — → \d{4}-\d\d-\d\d \d\d:\d\d$/);
    ok(await call('POST', '/api/me/two-factor/disable', w.staff, { code: codeAt(w.ctx, secret) }));
    const off = await latest('two_factor');
    expect(off).toMatchObject({ action: 'delete', recordName: 'Sam Staff', actor: by(w.staff) });
  });

  it('a sign-in from a new device, as the member signing in', async () => {
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: w.owner.email, password: w.owner.password },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
      remoteAddress: '192.0.2.44',
    });
    ok(res);
    const e = await latest('sign_in');
    expect(e).toMatchObject({ action: 'insert', recordName: 'Olive Owner', actor: by(w.owner) });
    expect(lines(e)).toEqual(['Device: — → Firefox on Linux', 'Network: — → 192.0.2.x']);
  });

  it('a role: a super admin adds an ADMIN to the shop', async () => {
    const res = await call('POST', shopUrl('/add_user'), w.superAdmin, { email: 'added.admin@example.com', password: 'a long password' });
    ok(res, 201);
    const e = await latest('staff');
    expect(e).toMatchObject({ action: 'insert', actor: by(w.superAdmin) });
    expect(lines(e)).toEqual(['Role: — → ADMIN']);
  });

  it('a review decision: a super admin publishes the shop', async () => {
    ok(await call('POST', shopUrl('/approve'), w.superAdmin));
    const e = await latest('shop', true);
    expect(e).toMatchObject({ kind: 'shop', action: 'update', recordId: w.shop.id, actor: by(w.superAdmin) });
    expect(JSON.stringify(e.changes)).toContain('PUBLISHED');
  });

  it('the payment switch, in the platform’s own log', async () => {
    const config = { switchToCustomConnect: true, stripePk: 'pk_test_main', oldStripePk: 'pk_test_v2' };
    ok(await call('PUT', '/api/platform/remote-config', w.superAdmin, config));
    ok(await call('PUT', '/api/platform/remote-config', w.superAdmin, { ...config, switchToCustomConnect: false }));
    const res = await call(
      'GET',
      `/api/platform/audit?filter=${encodeURIComponent(JSON.stringify({ kind: 'platform', shopId: 'platform' }))}`,
      w.superAdmin,
    );
    ok(res);
    const [e] = res.json() as Entry[];
    expect(e).toMatchObject({ kind: 'platform', actor: by(w.superAdmin) });
    expect(e).toMatchObject({ action: 'update' });
    expect(e!.changes.map((c) => [c.field, c.before, c.after])).toEqual([['value.switchToCustomConnect', true, false]]);
    // Not in a shop's log.
    expect((await call('GET', shopUrl(`/audit?filter=${encodeURIComponent(JSON.stringify({ kind: 'platform' }))}`))).json()).toEqual([]);
  });

  it('a transaction fee, set by a super admin', async () => {
    const fee = (await call('GET', shopUrl('/transaction_fee'), w.superAdmin)).json();
    ok(await call('PUT', shopUrl('/transaction_fee'), w.superAdmin, fee));
    ok(await call('PUT', shopUrl('/transaction_fee'), w.superAdmin, { ...fee, applicable: true, normalAmount: 95 }));
    const e = await latest('settings.transaction_fee', true);
    expect(e).toMatchObject({ kind: 'settings.transaction_fee', actor: by(w.superAdmin) });
    expect(lines(e)).toEqual(expect.arrayContaining(['Applicable: No → Yes', `Normal amount: ${fee.normalAmount} → 95`]));
  });

  it('an API key created and revoked', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['menu:read'], { name: 'Till bridge' });
    const created = await latest('api_key');
    expect(created).toMatchObject({ action: 'insert', recordId: key.apiKey.id, recordName: 'Till bridge', actor: by(w.owner) });
    expect(lines(created)).toEqual(expect.arrayContaining(['Name: — → Till bridge', 'Key: — → [hidden]']));
    ok(await call('DELETE', shopUrl(`/api_keys/${key.apiKey.id}`), w.owner));
    const revoked = await latest('api_key');
    expect(revoked).toMatchObject({ action: 'update', recordName: 'Till bridge', actor: by(w.owner) });
    expect(revoked.changes.map((c) => c.label)).toContain('Revoked');
  });

  it('a webhook endpoint added and switched off: its secrets never shown', async () => {
    const res = await call('POST', shopUrl('/webhooks'), w.owner, { url: 'http://127.0.0.1:9/audit', eventTypes: ['order.placed'] });
    ok(res, 201);
    const { endpoint, secret } = res.json() as { endpoint: { id: string }; secret: string };
    const added = await latest('webhook');
    expect(added).toMatchObject({ action: 'insert', recordId: endpoint.id, actor: by(w.owner) });
    expect(lines(added)).toEqual(expect.arrayContaining(['Url: — → http://127.0.0.1:9/audit']));
    expect(JSON.stringify(added)).not.toContain(secret.slice(6));
    ok(await call('PUT', shopUrl(`/webhooks/${endpoint.id}`), w.owner, { enabled: false }));
    const off = await latest('webhook');
    expect(off).toMatchObject({ action: 'update', recordId: endpoint.id, actor: by(w.owner) });
    expect(off.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['enabled']));
  });

  it('staff: permissions changed, then a member removed (their role before, nothing after)', async () => {
    await setStaffPermissions(w.ctx, w.shop.id, w.owner, { bankAccount: true });
    const permissions = await latest('settings');
    expect(permissions).toMatchObject({ kind: 'settings.staff_permissions', actor: by(w.owner) });
    expect(lines(permissions)).toContain('Bank account: — → Yes');
    ok(await call('DELETE', shopUrl(`/sellers/${w.staff.id}`), w.owner));
    const e = await latest('staff');
    expect(e).toMatchObject({ action: 'delete', recordId: w.staff.id, recordName: 'Sam Staff', actor: by(w.owner) });
    expect(lines(e)).toEqual(['Role: USER → —']);
  });
});
