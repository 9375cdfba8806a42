import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { stripeCalls } from '../stripe/support';
import { loadOrderHistory } from '../../../server/areas/orders/demoHistory';
import { addDays, localDate } from '../../../domain/hours';
import { replayed } from '../../helpers/replica';
import { openForOrders } from '../../helpers/orders';

/*
 * The demo cafe's past orders (npm run demo): its simulated Stripe account pays them out by its schedule, so every
 * payout of the payouts report lists the orders it paid and reconciles, with nothing left over.
 */
let w: ShopWorld;
const ZONE = 'Australia/Sydney';

beforeAll(async () => {
  w = await shopWorld();
  // The demo cafe: published, open around the clock, a small menu.
  await openForOrders(w, {
    flat: { type: 'BASIC', name: 'Flat White', price: 4.5 },
    bread: { type: 'BASIC', name: 'Banana Bread', price: 5.5 },
    toast: { type: 'BASIC', name: 'Avocado Toast', price: 14 },
  });
  await w.ctx.pool.query(`UPDATE shops SET demo = true WHERE id = $1`, [w.shop.id]);
  await stripeCalls(w).connectStandard(w.shop.id);
}, 60_000);
afterAll(() => w.ctx.close());

describe('the demo cafe’s payouts', () => {
  it('pay its past card orders, each payout reconciling with difference 0; the history is loaded once', async () => {
    expect(await loadOrderHistory(w.ctx.services, w.shop.id, w.owner.id)).toMatch(/\d+ past orders/);
    expect(await loadOrderHistory(w.ctx.services, w.shop.id, w.owner.id)).toBeNull();

    const today = localDate(w.ctx.clock.now(), ZONE);
    await replayed(w.ctx);
    const res = await w.ctx.app.inject({
      url: `/api/reports/shops/${w.shop.id}/payouts?from=${addDays(today, -63)}&to=${today}`,
      headers: w.owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const payouts = res.json() as { amount: number; difference: number; orders: unknown[] }[];
    // Daily payouts, 2 days' delay: the orders up to 2 days ago are paid out by now.
    expect(payouts.length).toBeGreaterThanOrEqual(50);
    for (const p of payouts) {
      expect(p.orders.length).toBeGreaterThan(0);
      expect(p.difference).toBe(0);
    }
    const { rows } = await w.ctx.pool.query(
      `SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND payment_type = 'CREDIT_CARD' AND payment_status = 'PAID'`,
      [w.shop.id],
    );
    const paidOut = payouts.reduce((n, p) => n + p.orders.length, 0);
    expect(paidOut).toBeGreaterThan(0);
    expect(paidOut).toBeLessThan(rows[0].n);

    // What is not paid out yet is the balance (available, and pending: the charges still waiting out the delay).
    const balance = (await w.ctx.app.inject({ url: `/api/stripe/shops/${w.shop.id}/balance`, headers: w.owner.headers })).json();
    expect(balance.pending[0].amount).toBe(balance.pending_charges.amount);
    const charged = await w.ctx.pool.query(`SELECT sum(amount)::int AS cents FROM simulated_ledger WHERE shop_id = $1`, [w.shop.id]);
    const paidCents = payouts.reduce((n, p) => n + Math.round(p.amount * 100), 0);
    expect(paidCents + balance.available[0].amount + balance.pending[0].amount).toBe(charged.rows[0].cents);
  }, 120_000);
});
