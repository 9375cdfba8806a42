import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, ownerPut, placeOrder } from '../../helpers/orders';
import { detail, setLoyalty } from '../../helpers/loyalty';
import { defaultKitchen } from '../../../domain/kitchen';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import { addDays, localDate, zonedInstant } from '../../../domain/hours';
import { setBusy } from '../../../server/areas/orders/repoBusy';

/*
 * Orders accepted as they are placed: the kitchen settings kind (who may write it, its messages), the ETA rules (the
 * requested time when later, busy mode's minutes added), and every effect of an accept (event, loyalty stamp, alert
 * mail, the customer's status). The clock is driven: each placement happens at tomorrow 12:07 in the shop's zone.
 */
let w: ShopWorld;
let ids: Record<'cake', string>;
const ZONE = 'Australia/Sydney';
const MIN = 60_000;

beforeAll(async () => {
  w = await shopWorld();
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
});
afterAll(() => w.ctx.close());
afterEach(() => w.ctx.clock.reset());

const kitchenUrl = () => `/api/shops/${w.shop.id}/settings/kitchen`;
const kitchen = (pickup: Record<string, unknown> = {}, delivery: Record<string, unknown> = {}) => ({
  pickup: { ...defaultKitchen.pickup, ...pickup },
  delivery: { ...defaultKitchen.delivery, ...delivery },
});

/** Tomorrow at `hh:mm` in the shop's zone. */
const tomorrowAt = (minutes: number) => zonedInstant(addDays(localDate(new Date(), ZONE), 1), minutes, ZONE);

/** Stops the clock at an instant (requests in flight all see it). */
function at(instant: Date) {
  w.ctx.clock.reset();
  w.ctx.clock.freeze();
  w.ctx.clock.advance(instant.getTime() - w.ctx.clock.now().getTime());
}

async function place(over: Record<string, unknown> = {}, mobile = '0400 000 001') {
  const res = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the kitchen settings kind', () => {
  it('reads off by default; the owner saves it; each field says what it takes', async () => {
    const read = await w.ctx.app.inject({ url: kitchenUrl(), headers: w.staff.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(defaultKitchen);
    expect(await ownerPut(w, kitchenUrl(), kitchen({ autoAccept: true, readyInMinutes: 25, maxSales: 80.5 }))).toMatchObject({
      pickup: { autoAccept: true, readyInMinutes: 25, maxOrders: null, maxSales: 80.5 },
    });
    const bad = await w.ctx.app.inject({
      method: 'PUT',
      url: kitchenUrl(),
      headers: w.owner.headers,
      payload: kitchen({ readyInMinutes: 4, maxOrders: 0 }, { readyInMinutes: 121, maxSales: 10.005 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'pickup.readyInMinutes': 'Ready in should be a whole number of minutes from 5 to 120',
      'pickup.maxOrders': 'Orders per slot should be a whole number from 1 to 500, or empty for no limit',
      'delivery.readyInMinutes': 'Ready in should be a whole number of minutes from 5 to 120',
      'delivery.maxSales': 'Sales per slot should be from 1 to 100000 with at most two decimals, or empty for no limit',
    });
    // Nothing half-written: the document is still the one saved.
    expect((await w.ctx.app.inject({ url: kitchenUrl(), headers: w.owner.headers })).json().pickup.readyInMinutes).toBe(25);
    await ownerPut(w, kitchenUrl(), kitchen());
  });

  it('anonymous 401, another shop 404, staff (USER) 403', async () => {
    const put = (headers?: Record<string, string>) =>
      w.ctx.app.inject({ method: 'PUT', url: kitchenUrl(), headers, payload: kitchen({ autoAccept: true }) });
    expect((await put()).statusCode).toBe(401);
    expect((await w.ctx.app.inject({ url: kitchenUrl() })).statusCode).toBe(401);
    expect((await put(w.outsider.headers)).statusCode).toBe(404);
    expect((await put(w.staff.headers)).statusCode).toBe(403);
    expect((await w.ctx.app.inject({ url: kitchenUrl(), headers: w.staff.headers })).json().pickup.autoAccept).toBe(false);
  });
});

describe('an order accepted as it is placed', () => {
  it('is ACCEPTED at once with now + N as its ETA, answered and shown to its customer; the other type stays NEW', async () => {
    await ownerPut(w, kitchenUrl(), kitchen({ autoAccept: true, readyInMinutes: 20 }));
    const now = tomorrowAt(12 * 60 + 7);
    at(now);
    const o = await place();
    const eta = new Date(now.getTime() + 20 * MIN).toISOString();
    expect(o).toMatchObject({
      orderStatusRestaurant: 'ACCEPTED',
      eta: { display: '20 minutes', time: eta },
      readyAt: eta,
      acceptedAt: now.toISOString(),
      actions: ['reject', 'complete'],
    });
    const status = await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/orders/${o.id}?token=${o.statusToken}` });
    expect(status.json()).toMatchObject({ stage: 'accepted', status: 'ACCEPTED', readyAt: eta });
    // The boards read it arriving already accepted: one order.created event, ACCEPTED.
    const events = await w.ctx.pool.query(
      "SELECT type, data->>'order_status_restaurant' AS s FROM shop_events WHERE shop_id = $1 AND data->>'id' = $2 ORDER BY seq",
      [w.shop.id, o.id],
    );
    expect(events.rows).toEqual([{ type: 'order.created', s: 'ACCEPTED' }]);
    w.ctx.clock.reset();
    // Accepting it again by hand is the usual 409.
    const again = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${o.id}/accept`,
      headers: w.staff.headers,
      payload: { eta: null },
    });
    expect(again.statusCode).toBe(409);

    await ownerPut(w, kitchenUrl(), kitchen({}, { autoAccept: true }));
    at(now);
    const manual = await place();
    expect(manual).toMatchObject({ orderStatusRestaurant: 'NEW', eta: null, readyAt: null });
  });

  it('takes the time asked for when it is later, and adds busy mode minutes to now + N', async () => {
    await ownerPut(w, kitchenUrl(), kitchen({ autoAccept: true, readyInMinutes: 15 }));
    const now = tomorrowAt(12 * 60 + 7);
    at(now);
    const later = tomorrowAt(14 * 60);
    expect(await place({ collectionTime: later.toISOString() })).toMatchObject({
      orderStatusRestaurant: 'ACCEPTED',
      eta: { display: 'As Requested', time: later.toISOString() },
    });
    // Asked for 12:15, but the kitchen needs until 12:22.
    const soon = tomorrowAt(12 * 60 + 15);
    expect((await place({ collectionTime: soon.toISOString() })).eta).toEqual({
      display: '15 minutes',
      time: new Date(now.getTime() + 15 * MIN).toISOString(),
    });
    // Busy mode as the board's switch sets it at that moment (a session would have expired by then).
    await setBusy(w.shop.id, w.ctx.db, { mode: 'EXTRA', minutes: 10 }, w.staff.id, now);
    try {
      const o = await place();
      expect(o.eta).toEqual({ display: '25 minutes', time: new Date(now.getTime() + 25 * MIN).toISOString() });
      // The quote says the same before the order is placed.
      const quote = await w.ctx.app.inject({
        method: 'POST',
        url: `/api/storefront/shops/${w.shop.id}/quote`,
        payload: { items: [{ itemId: ids.cake, quantity: 1 }], collectionType: 'PICKUP', collectionTime: null, paymentType: 'CASH' },
      });
      expect(quote.json().readyAt).toBe(o.readyAt);
    } finally {
      await setBusy(w.shop.id, w.ctx.db, { mode: 'OFF' }, w.staff.id, now);
    }
  });

  it("stamps the customer's loyalty card and mails the alert list, as accepting by hand does", async () => {
    await setLoyalty(w, { count: 5 });
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/order`, { ...defaultOrderProcess, newOrderAlertEmailsCsv: 'pass@example.com' });
    await ownerPut(w, kitchenUrl(), kitchen({ autoAccept: true }));
    const o = await place({ customerName: 'Stamp Stella' }, '0400 000 777');
    expect(o.orderStatusRestaurant).toBe('ACCEPTED');
    // The answer's card already holds the stamp the accept earned.
    expect(o.loyalty).toMatchObject({ stamps: 1, count: 5 });
    expect((await detail(w, o.id)).loyalty).toMatchObject({ effect: 'STAMP', stamps: 1 });
    const mail = await w.ctx.mail.waitFor('pass@example.com', /Stamp Stella/);
    expect(mail.subject).toContain('Stamp Stella');
    await setLoyalty(w, { enabled: false });
  });

  it('accepts a paid card order; a declined card is never accepted', async () => {
    await ownerPut(w, kitchenUrl(), kitchen({ autoAccept: true }));
    const paid = await place({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' });
    expect(paid).toMatchObject({ orderStatusRestaurant: 'ACCEPTED', paymentStatus: 'PAID' });
    const declined = await placeOrder(
      w,
      cashPickup([{ itemId: ids.cake, quantity: 1 }], { paymentType: 'CREDIT_CARD', paymentToken: 'tok_chargeDeclined' }),
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json().order).toMatchObject({ status: 'FAILURE', orderStatusRestaurant: 'NA', eta: null, readyAt: null });
    const events = await w.ctx.pool.query('SELECT count(*)::int AS n FROM shop_events WHERE shop_id = $1 AND data->>$2 = $3', [
      w.shop.id,
      'id',
      declined.json().order.id,
    ]);
    expect(events.rows[0].n).toBe(0);
  });
});
