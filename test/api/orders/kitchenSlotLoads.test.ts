import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, ownerPut, placeOrder } from '../../helpers/orders';
import { defaultKitchen } from '../../../domain/kitchen';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import { addDays, localDate, zonedInstant } from '../../../domain/hours';

/*
 * The kitchen's slot loads (kitchen_slot_loads), kept by the orders' triggers, against a fresh count of the orders
 * after a mix of what moves them: cash and card placements, with and without a capacity, accepted as placed or not,
 * declined cards, rejects (by hand), a cancel and a delete (as the database would see them). And the one-statement
 * accept as placed still mails the alert list. The clock is driven to tomorrow in the shop's zone.
 */
let w: ShopWorld;
let ids: Record<'cake', string>;
const ZONE = 'Australia/Sydney';

beforeAll(async () => {
  w = await shopWorld();
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
});
afterAll(() => w.ctx.close());
afterEach(() => w.ctx.clock.reset());

const tomorrowAt = (minutes: number) => zonedInstant(addDays(localDate(new Date(), ZONE), 1), minutes, ZONE);
function at(instant: Date) {
  w.ctx.clock.reset();
  w.ctx.clock.freeze();
  w.ctx.clock.advance(instant.getTime() - w.ctx.clock.now().getTime());
}
/** With the real clock: a session signed in now has expired by tomorrow. */
async function setKitchen(pickup: Record<string, unknown>) {
  w.ctx.clock.reset();
  await ownerPut(w, `/api/shops/${w.shop.id}/settings/kitchen`, {
    pickup: { ...defaultKitchen.pickup, ...pickup },
    delivery: defaultKitchen.delivery,
  });
}

let mobiles = 0;
const place = (over: Record<string, unknown> = {}, quantity = 1) =>
  placeOrder(w, cashPickup([{ itemId: ids.cake, quantity }], { mobile: `0400 200 ${String(++mobiles).padStart(3, '0')}`, ...over }));
const reject = (id: string) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api/cafes/${w.shop.id}/orders/${id}/reject`,
    headers: w.staff.headers,
    payload: { reason: 'Too Busy' },
  });

/** The kept loads and the loads counted from the orders now, both as slot → "orders/sales". */
async function loads() {
  const kept = await w.ctx.pool.query(
    `SELECT collection_type || ' ' || slot::text AS k, orders || '/' || sales AS v FROM kitchen_slot_loads
      WHERE shop_id = $1 AND (orders <> 0 OR sales <> 0)`,
    [w.shop.id],
  );
  const counted = await w.ctx.pool.query(
    `SELECT collection_type || ' ' || kitchen_slot::text AS k, count(*) || '/' || sum(grand_total) AS v FROM orders
      WHERE shop_id = $1 AND kitchen_slot IS NOT NULL AND status = 'OK' AND order_status_restaurant IN ('NEW', 'ACCEPTED')
      GROUP BY collection_type, kitchen_slot`,
    [w.shop.id],
  );
  const asMap = (rows: { k: string; v: string }[]) => Object.fromEntries(rows.map((r) => [r.k, r.v]));
  return { kept: asMap(kept.rows), counted: asMap(counted.rows) };
}

describe("the kitchen's slot loads", () => {
  it('stay equal to a fresh count of the orders through placements, rejects, cancels, declined cards and deletes', async () => {
    const placed: string[] = [];
    const ok = async (over: Record<string, unknown> = {}, quantity = 1) => {
      const res = await place(over, quantity);
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().id);
      return res.json();
    };
    at(tomorrowAt(12 * 60 + 7));
    // No settings: every order still counts in its slot (a capacity switched on later starts from the truth).
    await ok();
    await ok({ collectionTime: tomorrowAt(13 * 60).toISOString() }, 2);
    await ok({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' });
    expect((await place({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_chargeDeclined' })).statusCode).toBe(402);
    await ok({ email: 'someone@example.com' });
    // A capacity of two a slot: orders wanted now spill over to the next slots.
    await setKitchen({ maxOrders: 2 });
    at(tomorrowAt(12 * 60 + 7));
    for (let i = 0; i < 4; i++) await ok();
    await ok({ collectionTime: tomorrowAt(13 * 60).toISOString() });
    expect((await place({ collectionTime: tomorrowAt(13 * 60).toISOString() })).statusCode).toBe(409);
    // Accepted as placed, with and without the capacity.
    await setKitchen({ maxOrders: 3, autoAccept: true });
    at(tomorrowAt(12 * 60 + 7));
    expect((await ok()).orderStatusRestaurant).toBe('ACCEPTED');
    await ok({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' });
    await setKitchen({ autoAccept: true });
    at(tomorrowAt(12 * 60 + 7));
    await ok();
    w.ctx.clock.reset();

    // Rejected by hand (one NEW, one accepted), cancelled and deleted as the database sees them.
    expect((await reject(placed[0])).statusCode).toBe(200);
    expect((await reject(placed[placed.length - 1])).statusCode).toBe(200);
    await w.ctx.pool.query(`UPDATE orders SET order_status_restaurant = 'CANCELLED' WHERE id = $1`, [placed[1]]);
    await w.ctx.pool.query('DELETE FROM orders WHERE id = $1', [placed[2]]);
    // Re-timed: the order moves from one slot's load to the other's.
    await w.ctx.pool.query(`UPDATE orders SET kitchen_slot = kitchen_slot + interval '15 minutes' WHERE id = $1`, [placed[3]]);

    const { kept, counted } = await loads();
    expect(Object.keys(counted).length).toBeGreaterThan(2);
    expect(kept).toEqual(counted);
  });

  it('an order accepted as placed in one statement still queues the alert mail', async () => {
    w.ctx.clock.reset();
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/order`, { ...defaultOrderProcess, newOrderAlertEmailsCsv: 'pass@example.com' });
    await setKitchen({ autoAccept: true, maxOrders: 5 });
    at(tomorrowAt(15 * 60 + 7));
    const res = await place({ customerName: 'Quick Quentin' });
    expect(res.json()).toMatchObject({ orderStatusRestaurant: 'ACCEPTED' });
    const events = await w.ctx.pool.query(
      "SELECT type, data->>'order_status_restaurant' AS s FROM shop_events WHERE shop_id = $1 AND data->>'id' = $2",
      [w.shop.id, res.json().id],
    );
    expect(events.rows).toEqual([{ type: 'order.created', s: 'ACCEPTED' }]);
    w.ctx.clock.reset();
    const mail = await w.ctx.mail.waitFor('pass@example.com', /Quick Quentin/);
    expect(mail.subject).toContain('Quick Quentin');
  });
});
