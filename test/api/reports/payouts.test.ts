import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder, storedCart } from '../../helpers/orders';
import { act } from '../../helpers/loyalty';
import { login } from '../../helpers/users';
import { stripeCalls } from '../stripe/support';
import { localDate } from '../../../domain/hours';
import { replayed } from '../../helpers/replica';

/*
 * GET /api/reports/shops/{shopId}/payouts with the simulated provider: each payout of the range with the orders whose
 * payments it paid out (a refunded order nets to nothing), and the difference between the payout and those orders,
 * shown as it is.
 */
let w: ShopWorld;
const ZONE = 'Australia/Sydney';
const DAY = 86_400_000;

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const payouts = async (from: string, to: string, headers: Record<string, string> = w.owner.headers) => {
  await replayed(w.ctx);
  return w.ctx.app.inject({ url: `/api/reports/shops/${w.shop.id}/payouts?from=${from}&to=${to}`, headers });
};

describe('payouts reconciled', () => {
  it('answers 404 until the shop has a payment account', async () => {
    const res = await payouts('2026-01-01', '2026-01-31');
    expect(res.statusCode).toBe(404);
  });

  it('lists each payout with the orders it paid and the difference', async () => {
    const accountId = await stripeCalls(w).connectStandard(w.shop.id);
    // The simulated account's document (its payout history) is written the first time it is read.
    await w.ctx.services.stripe.connect.retrieveAccount(accountId);
    const start = localDate(new Date(w.ctx.clock.now().getTime() - 30 * DAY), ZONE);
    const kept = await seedOrder(w.ctx, w.shop.id, {
      card: 'tok_visa',
      grandTotal: 3300,
      cart: storedCart({ paymentType: 'CREDIT_CARD', grandTotal: 3300 }),
    });
    const refunded = await seedOrder(w.ctx, w.shop.id, {
      card: 'tok_visa',
      grandTotal: 1100,
      cart: storedCart({ paymentType: 'CREDIT_CARD', grandTotal: 1100 }),
    });
    expect((await act(w, kept.id, 'accept')).statusCode).toBe(200);
    expect((await act(w, refunded.id, 'reject')).statusCode).toBe(200);
    // Two days on, the account pays out what these payments left: $33.00 less $0.50 that no order explains.
    w.ctx.clock.advance(2 * DAY);
    const now = Math.floor(w.ctx.clock.now().getTime() / 1000);
    const payout = {
      id: 'po_simtest0001',
      amount: 3250,
      currency: 'aud',
      description: 'STRIPE PAYOUT',
      created: now - 3600,
      arrival_date: now,
      status: 'paid',
    };
    await w.ctx.db.execute(sql`
      UPDATE stripe_accounts SET simulated = jsonb_set(simulated, '{simulated,payouts}', (simulated #> '{simulated,payouts}') || ${JSON.stringify([payout])}::jsonb)
      WHERE shop_id = ${w.shop.id} AND status = 'active'`);
    for (const user of [w.owner, w.staff, w.outsider]) Object.assign(user, await login(w.ctx, user.email, user.password));
    const today = localDate(w.ctx.clock.now(), ZONE);

    const res = await payouts(start, today);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(4);
    const newest = list[0];
    expect(newest).toMatchObject({ id: 'po_simtest0001', amount: 32.5, ordersNet: 33, difference: -0.5 });
    expect(newest.orders).toEqual([
      expect.objectContaining({ orderId: kept.id, amount: 33, fee: 0, net: 33 }),
      expect.objectContaining({ orderId: refunded.id, amount: 0, net: 0 }),
    ]);
    // The account's earlier payouts paid nothing of these orders: all of each is a difference, and says so.
    for (const p of list.slice(1)) expect(p).toMatchObject({ orders: [], ordersNet: 0, difference: p.amount });
  });

  it('takes days, at most 24 months, members only', async () => {
    const bad = await payouts('2026-02-30', '2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ from: 'from should be a date YYYY-MM-DD' });
    expect((await payouts('2024-01-01', '2026-01-01')).json().message).toBe('The range can be at most 24 months');
    expect((await payouts('2026-01-01', '2026-01-31', w.outsider.headers)).statusCode).toBe(404);
    expect((await payouts('2026-01-01', '2026-01-31', {})).statusCode).toBe(401);
  });
});
