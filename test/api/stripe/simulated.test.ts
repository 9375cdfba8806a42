import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';
import { simulatedBankToken as bankToken, stripeBase as base, stripeCalls, type StripeCalls } from './support';
import { createShop, setStaffPermissions } from '../../helpers/shopWorld';

/** Without STRIPE_SECRET_KEY the simulated provider serves the whole flow offline, through pages of this server. */
let w: ShopWorld;
let call: StripeCalls['call'];
let open: StripeCalls['open'];
let connectStandard: StripeCalls['connectStandard'];
beforeAll(async () => {
  w = await shopWorld();
  ({ call, open, connectStandard } = stripeCalls(w));
  // Staff here may change the bank account and payout schedule (granted by the owner; the default is off).
  await setStaffPermissions(w.ctx, w.shop.id, w.owner, { bankAccount: true });
});
afterAll(() => w.ctx.close());

describe('simulated Connect provider', () => {
  it('says which provider serves and that nothing is connected yet', async () => {
    const res = await call('GET', `${base(w.shop.id)}/active_account`, w.staff);
    expect(res.json()).toEqual({ accountId: null, mode: null, connectMode: 'standard', provider: 'simulated' });
    expect((await call('GET', `${base(w.shop.id)}/account`)).json().message).toBe('Cannot find connected account. Contact support');
  });

  it('connects through its own OAuth stand-in and shows a complete account', async () => {
    const accountId = await connectStandard(w.shop.id);
    expect(accountId).toMatch(/^acct_sim[0-9a-f]{16}$/);
    const account = (await call('GET', `${base(w.shop.id)}/account`, w.staff)).json();
    expect(account).toMatchObject({
      id: accountId,
      displayName: 'Staffed Cafe',
      mode: 'standard',
      charges_enabled: true,
      requirements: { currently_due: [] },
    });
  });

  it('sets the bank account from a simulated token that holds no account number', async () => {
    const token = bankToken(['Olive Owner', 'i', '110000', '6789']);
    const res = await call('POST', `${base(w.shop.id)}/external_account/${token}`, w.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Bank account updated, hooray!');
    const account = (await call('GET', `${base(w.shop.id)}/account`)).json();
    expect(account.external_accounts.data).toEqual([
      expect.objectContaining({
        object: 'bank_account',
        account_holder_name: 'Olive Owner',
        routing_number: '110000',
        last4: '6789',
        bank_name: 'SIMULATED BANK',
      }),
    ]);
    expect((await call('POST', `${base(w.shop.id)}/external_account/tok_sim_card`)).json().message).toBe(
      'Unsupported external account type',
    );
    expect((await call('POST', `${base(w.shop.id)}/external_account/btok_nothing`)).statusCode).toBe(400);
  });

  it('keeps the payout schedule and pages the payouts newest first', async () => {
    const res = await call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, { interval: 'weekly', weekly_anchor: 'friday' });
    expect(res.json()).toMatchObject({
      message: 'Payout schedule updated, hooray!',
      schedule: { interval: 'weekly', weekly_anchor: 'friday' },
    });
    expect((await call('GET', `${base(w.shop.id)}/account`)).json().settings.payouts.schedule).toMatchObject({
      interval: 'weekly',
      weekly_anchor: 'friday',
    });
    // A new account has paid nothing out: its payouts and balance come from its ledger, empty so far.
    expect((await call('GET', `${base(w.shop.id)}/payouts?limit=2`)).json()).toEqual({ data: [], has_more: false });
    const balance = (await call('GET', `${base(w.shop.id)}/balance`)).json();
    expect(balance).toEqual({
      available: [{ amount: 0, currency: 'aud' }],
      pending: [{ amount: 0, currency: 'aud' }],
      pending_charges: { count: 0, amount: 0 },
      next_payout: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), amount: 0 },
    });
    expect(new Date(`${balance.next_payout.date}T00:00:00Z`).getUTCDay()).toBe(5);
  });

  it('onboards a platform account (unified mode) through its own onboarding page', async () => {
    await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/platform/remote-config',
      headers: w.superAdmin.headers,
      payload: { switchToCustomConnect: true, stripePk: 'pk_test_x' },
    });
    try {
      const shop = await createShop(w.ctx, w.owner, { name: 'Unified Cafe' });
      const started = await call('POST', `${base(shop.id)}/authorize/url`);
      const before = (await call('GET', `${base(shop.id)}/account`)).json();
      expect(before).toMatchObject({ mode: 'custom', charges_enabled: false });
      expect(before.requirements.currently_due).toContain('individual.dob.day');
      const page = await open(started.json().url);
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe(`${w.ctx.config.publicUrl}/shops/${shop.id}/payments/stripe`);
      const after = (await call('GET', `${base(shop.id)}/account`)).json();
      expect(after).toMatchObject({
        charges_enabled: true,
        individual: { first_name: 'Jenny' },
        requirements: { currently_due: ['external_account'] },
      });
      const link = await call('POST', `${base(shop.id)}/links/update`, w.owner);
      expect(link.json().url).toContain('/api/stripe/simulated/onboard?token=');
      expect((await open(`/api/stripe/simulated/onboard?token=${'x'.repeat(40)}`)).statusCode).toBe(400);
    } finally {
      await w.ctx.app.inject({
        method: 'PUT',
        url: '/api/platform/remote-config',
        headers: w.superAdmin.headers,
        payload: { switchToCustomConnect: false, stripePk: 'pk_test_x' },
      });
    }
  });

  it('refuses a simulated OAuth page that would send the code elsewhere', async () => {
    const started = await call('POST', `${base(w.otherShop.id)}/authorize/url`, w.outsider);
    const url = new URL(started.json().url);
    url.searchParams.set('redirect_uri', 'https://evil.example.com/steal');
    expect((await open(`${url.pathname}${url.search}`)).statusCode).toBe(400);
  });

  it('archives (super admins) into a new platform account, and disconnects', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Archive Cafe' });
    const old = await connectStandard(shop.id);
    expect((await call('POST', `${base(shop.id)}/archive`, w.owner)).statusCode).toBe(403);
    const archived = await call('POST', `${base(shop.id)}/archive`, w.superAdmin);
    expect(archived.json().message).toBe('Stripe archived, reloading new account');
    const now = (await call('GET', `${base(shop.id)}/active_account`)).json();
    expect(now.accountId).not.toBe(old);
    expect(now.mode).toBe('custom');
    const off = await call('DELETE', `${base(shop.id)}/account`);
    expect(off.json().message).toBe('Stripe account disconnected');
    expect((await call('GET', `${base(shop.id)}/active_account`)).json().accountId).toBeNull();
  });

  it('will not connect one Stripe account to two shops', async () => {
    const { activate } = await import('../../../server/infra/payments/accounts');
    const shop = await createShop(w.ctx, w.owner, { name: 'Second Cafe' });
    const taken = (await call('GET', `${base(w.shop.id)}/active_account`)).json().accountId;
    await expect(activate(shop.id, w.ctx.db, { accountId: taken, mode: 'standard' }, new Date())).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('records what it charges and refunds: the account activity lists the refund and the charge, newest first, paged', async () => {
    const order = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa', customerName: 'Carl Card' });
    const rejected = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${order.id}/reject`,
      headers: w.owner.headers,
      payload: { reason: 'Store Closed' },
    });
    expect(rejected.json()).toMatchObject({ paymentStatus: 'REFUND_SUCCESS' });
    const { rows } = await w.ctx.pool.query('SELECT provider_refund_id FROM refunds WHERE order_id = $1', [order.id]);
    const refundId = rows[0].provider_refund_id as string;

    const res = await call('GET', `${base(w.shop.id)}/balance_transactions`, w.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      has_more: false,
      data: [
        {
          id: `txn_${refundId}`,
          amount: -900,
          currency: 'aud',
          type: 'refund',
          description: 'REFUND FOR CHARGE (Order from Carl Card)',
          created: expect.any(Number),
          status: 'available',
        },
        // A charge is pending until the payout delay (2 days) has passed.
        {
          id: `txn_${order.paymentId}`,
          amount: 900,
          currency: 'aud',
          type: 'charge',
          description: 'Order from Carl Card',
          created: expect.any(Number),
          status: 'pending',
        },
      ],
    });
    const first = (await call('GET', `${base(w.shop.id)}/balance_transactions?limit=1`)).json();
    expect(first).toMatchObject({ has_more: true, data: [{ type: 'refund' }] });
    const rest = (await call('GET', `${base(w.shop.id)}/balance_transactions?limit=1&starting_after=${first.data[0].id}`)).json();
    expect(rest).toMatchObject({ has_more: false, data: [{ type: 'charge', amount: 900 }] });
    const unknown = await call('GET', `${base(w.shop.id)}/balance_transactions?starting_after=txn_sim_ch_nothing`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("No such balance transaction: 'txn_sim_ch_nothing'");
    // The provider's own books, kept in the database: another shop's account sees none of it.
    const books = await w.ctx.pool.query('SELECT object, amount, account_id FROM simulated_ledger WHERE shop_id = $1 ORDER BY object', [
      w.shop.id,
    ]);
    const accountId = (await call('GET', `${base(w.shop.id)}/active_account`)).json().accountId;
    expect(books.rows).toEqual([
      { object: 'charge', amount: 900, account_id: accountId },
      { object: 'refund', amount: 900, account_id: accountId },
    ]);
    await connectStandard(w.otherShop.id, w.outsider);
    expect((await call('GET', `${base(w.otherShop.id)}/balance_transactions`, w.outsider)).json()).toEqual({ has_more: false, data: [] });
    const elsewhere = await call('GET', `${base(w.otherShop.id)}/balance_transactions?starting_after=${first.data[0].id}`, w.outsider);
    expect(elsewhere.statusCode).toBe(400);
  });

  it('reconciles its books with the orders: a clean day, then a charge no order was stored for', async () => {
    const reconcile = async () =>
      (await w.ctx.app.inject({ method: 'POST', url: '/api/stripe/reconcile', headers: w.superAdmin.headers })).json();
    const clean = await reconcile();
    expect(clean).toMatchObject({ provider: 'simulated', missed: [], mismatches: [], failures: [] });
    expect(clean.payments).toBeGreaterThanOrEqual(1);
    expect(clean.refunds).toBeGreaterThanOrEqual(1);
    // The provider charged, but the order never reached the database (a process dying between the two).
    const charge = await w.ctx.services.payments.charge({
      idempotencyKey: 'lost-order-1',
      amount: 1550,
      currency: 'aud',
      paymentToken: 'tok_visa',
      shopId: w.shop.id,
    });
    expect(charge.status).toBe('succeeded');
    const after = await reconcile();
    expect(after.mismatches).toEqual([
      {
        kind: 'payment_without_order',
        shopId: w.shop.id,
        paymentId: (charge as { paymentId: string }).paymentId,
        expected: 'PAID',
        actual: null,
      },
    ]);
  });
});
