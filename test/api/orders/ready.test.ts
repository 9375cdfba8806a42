import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, placeOrder, seedOrder } from '../../helpers/orders';
import { jobsDone } from '../../helpers/jobs';
import { messages } from '../../../domain/messages';

/*
 * POST /api/cafes/{shopId}/orders/{orderId}/ready: the kitchen's Ready stage of an ACCEPTED order. What it answers and
 * who may call it, what the customer sees (status page, mail) and what integrations read (the order.updated event's
 * stage and markedReadyAt). The clock is frozen so every time it stores can be named.
 */
let w: ShopWorld;
let ids: Record<'cake', string>;

beforeAll(async () => {
  w = await shopWorld({ shopName: 'Corner Cafe' });
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
});
afterAll(() => w.ctx.close());
afterEach(() => w.ctx.clock.reset());

const act = (orderId: string, action: string, headers: Record<string, string> | undefined, shopId = w.shop.id) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api/cafes/${shopId}/orders/${orderId}/${action}`,
    headers,
    payload: action === 'accept' ? { eta: null } : undefined,
  });

async function placed(email?: string) {
  const res = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], email ? { email } : {}));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: number; statusToken: string };
}

const status = async (o: { id: string; statusToken: string }) =>
  (await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/orders/${o.id}?token=${o.statusToken}` })).json();

/** The feed's events about one order, oldest first, as integrations read them. */
async function eventsOf(orderId: string) {
  const res = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/events/feed?limit=500`, headers: w.owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().events as { type: string; data: Record<string, unknown> }[]).filter((e) => e.data.id === orderId);
}

describe('POST /api/cafes/{shopId}/orders/{orderId}/ready', () => {
  it('marks an accepted order ready for staff (USER): answer, status page, mail and one order.updated event', async () => {
    const o = await placed('ready.rita@example.com');
    expect((await act(o.id, 'accept', w.staff.headers)).statusCode).toBe(200);
    w.ctx.clock.freeze();
    const now = w.ctx.clock.now().toISOString();
    const res = await act(o.id, 'ready', w.staff.headers);
    expect(res.statusCode, res.body).toBe(200);
    // A stage of ACCEPTED: the spec's status and actions are as they were.
    expect(res.json()).toMatchObject({
      id: o.id,
      orderStatusRestaurant: 'ACCEPTED',
      stage: 'ready',
      markedReadyAt: now,
      completedAt: null,
      actions: ['reject', 'complete'],
    });
    expect(await status(o)).toMatchObject({ stage: 'ready', status: 'ACCEPTED', markedReadyAt: now });

    const mail = await w.ctx.mail.waitFor('ready.rita@example.com', /is ready$/);
    expect(mail.subject).toBe(`Your order #${o.number} at Corner Cafe is ready`);
    expect(mail.text).toContain('your order is ready to collect from Corner Cafe');
    expect(mail.text).toContain(`Order: #${o.number}`);
    expect(mail.text).toContain('1 × Cake: $5.99');

    const events = await eventsOf(o.id);
    expect(events.map((e) => [e.type, e.data.stage])).toEqual([
      ['order.created', 'placed'],
      ['order.updated', 'accepted'],
      ['order.updated', 'ready'],
    ]);
    expect(events[2].data).toMatchObject({ markedReadyAt: now, orderStatusRestaurant: 'ACCEPTED' });

    // Complete still ends it.
    const done = await act(o.id, 'complete', w.staff.headers);
    expect(done.json()).toMatchObject({ stage: 'completed', markedReadyAt: now, actions: [] });
    expect(await status(o)).toMatchObject({ stage: 'completed', markedReadyAt: null });
  });

  it('a second tap answers the order as it is: no second event, no second mail', async () => {
    const o = await placed('double.tap@example.com');
    await act(o.id, 'accept', w.owner.headers);
    w.ctx.clock.freeze();
    const first = await act(o.id, 'ready', w.owner.headers);
    w.ctx.clock.advance(60_000);
    const second = await act(o.id, 'ready', w.staff.headers);
    expect(second.statusCode).toBe(200);
    expect(second.json().markedReadyAt).toBe(first.json().markedReadyAt);
    expect((await eventsOf(o.id)).filter((e) => e.data.stage === 'ready')).toHaveLength(1);
    await w.ctx.mail.waitFor('double.tap@example.com', /is ready$/);
    await jobsDone(w.ctx, ['mail']);
    expect(w.ctx.mail.for('double.tap@example.com').filter((m) => m.subject.endsWith('is ready'))).toHaveLength(1);
  });

  it('409 for a NEW, declined or completed order, changing nothing', async () => {
    const fresh = await seedOrder(w.ctx, w.shop.id);
    const onNew = await act(fresh.id, 'ready', w.staff.headers);
    expect(onNew.statusCode).toBe(409);
    expect(onNew.json()).toMatchObject({
      code: 'ORDER_MOVED',
      message: 'This order is already NEW; it was changed on another device. Reload to see it.',
    });

    const declined = await seedOrder(w.ctx, w.shop.id, { orderStatusRestaurant: 'DECLINED', rejectReason: 'Too Busy' });
    expect((await act(declined.id, 'ready', w.staff.headers)).statusCode).toBe(409);

    const completed = await seedOrder(w.ctx, w.shop.id);
    await act(completed.id, 'accept', w.staff.headers);
    await act(completed.id, 'complete', w.staff.headers);
    const late = await act(completed.id, 'ready', w.staff.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ORDER_MOVED', message: messages.orderCompletedAlready });

    const after = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${completed.id}`, headers: w.staff.headers });
    expect(after.json()).toMatchObject({ markedReadyAt: null, stage: 'completed' });
    expect((await eventsOf(fresh.id)).map((e) => e.type)).toEqual(['order.created']);
  });

  it("anonymous 401; another shop's member 404; an order of another shop 404", async () => {
    const o = await seedOrder(w.ctx, w.shop.id);
    await act(o.id, 'accept', w.staff.headers);
    expect((await act(o.id, 'ready', undefined)).statusCode).toBe(401);
    expect((await act(o.id, 'ready', w.outsider.headers)).statusCode).toBe(404);
    const theirs = await seedOrder(w.ctx, w.otherShop.id);
    expect((await act(theirs.id, 'ready', w.staff.headers)).statusCode).toBe(404);
    expect((await act('not-an-id', 'ready', w.staff.headers)).statusCode).toBe(404);
    const still = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${o.id}`, headers: w.staff.headers });
    expect(still.json()).toMatchObject({ stage: 'accepted', markedReadyAt: null });
  });
});
