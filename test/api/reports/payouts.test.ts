import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder, storedCart } from '../../helpers/orders';
import { act } from '../../helpers/loyalty';
import { login } from '../../helpers/users';
import { stripeCalls } from '../stripe/support';
import { localDate } from '../../../domain/hours';
import { replayed } from '../../helpers/replica';

/*
 * GET /api/reports/shops/{shopId}/payouts with the simulated provider: each payout of the range with the orders whose
 * payments it paid out (a refunded order nets to nothing), and the difference between the payout and those orders.
 * The simulated payouts are made from its ledger by the schedule, so they reconcile.
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

  it('lists each payout with the orders it paid, and they reconcile', async () => {
    await stripeCalls(w).connectStandard(w.shop.id);
    const start = localDate(w.ctx.clock.now(), ZONE);
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
    // Daily payouts, 2 days' delay: the charges are available two days on, and paid out as the next day starts.
    w.ctx.clock.advance(3 * DAY);
    for (const user of [w.owner, w.staff, w.outsider]) Object.assign(user, await login(w.ctx, user.email, user.password));
    const later = await seedOrder(w.ctx, w.shop.id, {
      card: 'tok_visa',
      grandTotal: 1250,
      cart: storedCart({ paymentType: 'CREDIT_CARD', grandTotal: 1250 }),
    });
    w.ctx.clock.advance(3 * DAY);
    for (const user of [w.owner, w.staff, w.outsider]) Object.assign(user, await login(w.ctx, user.email, user.password));
    const today = localDate(w.ctx.clock.now(), ZONE);

    const res = await payouts(start, today);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    const [newest, first] = list;
    // The refunded order nets to nothing; nothing is left over.
    expect(first).toMatchObject({ amount: 33, ordersNet: 33, difference: 0, status: 'paid' });
    expect(first.orders).toEqual([
      expect.objectContaining({ orderId: kept.id, amount: 33, fee: 0, net: 33 }),
      expect.objectContaining({ orderId: refunded.id, amount: 0, net: 0 }),
    ]);
    expect(newest).toMatchObject({ amount: 12.5, ordersNet: 12.5, difference: 0 });
    expect(newest.orders).toEqual([expect.objectContaining({ orderId: later.id, amount: 12.5, net: 12.5 })]);
    // Each was made as its payout day started in the shop's zone.
    for (const p of list)
      expect(new Date(p.arrivalDate).toLocaleTimeString('en-AU', { timeZone: ZONE, hourCycle: 'h23' })).toBe('00:00:00');
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
