import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api, connectLike } from '../../helpers/app';
import { cashPickup, openForOrders, placeOrder, seedOrder } from '../../helpers/orders';
import { ipSource } from '../../helpers/rateLimits';
import { jobsDone } from '../../helpers/jobs';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import { messages } from '../../../domain/messages';
import { sweep } from '../../../server/areas/alerts/service';

/**
 * A shop that stops answering pauses itself: orders left NEW until the ladder escalates (twice the alert delay) count
 * in a row; at the shop's limit, busy mode's pause is written with its reason and busy.updated, and the ADMINs are
 * mailed once. Answering an order starts the run again.
 */
const MINUTE = 60_000;
let w: ShopWorld;
let itemId: string;
const nextIp = ipSource(181);

beforeAll(async () => {
  // Sessions outlive the hours this file moves the clock through.
  w = await shopWorld({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_PER_IP: '1000' } });
  ({ cake: itemId } = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5 } }));
  await publish(w.ctx, w.shop.id);
  const res = await api(w.ctx).put(`/api/shops/${w.shop.id}/settings/order`, w.owner, {
    ...defaultOrderProcess,
    unprocessedOrderAlertEmailsCsv: 'manager@example.com',
    unprocessedOrderAlertMinutes: 5,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ autoPauseUnanswered: true, autoPauseAfterOrders: 3 });
});
afterAll(() => w.ctx.close());

const busyUrl = () => `/api/shops/${w.shop.id}/orders/busy`;
const busy = async () => (await w.ctx.app.inject({ url: busyUrl(), headers: w.staff.headers })).json();
const resume = () => w.ctx.app.inject({ method: 'PUT', url: busyUrl(), headers: w.staff.headers, payload: { mode: 'OFF' } });
const accept = (orderId: string) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api/cafes/${w.shop.id}/orders/${orderId}/accept`,
    headers: w.staff.headers,
    payload: { eta: null },
  });
const busyEvents = async () =>
  (
    await w.ctx.pool.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM shop_events WHERE shop_id = $1 AND type = 'busy.updated' ORDER BY seq",
      [w.shop.id],
    )
  ).rows.map((r) => r.data);
const pauseMails = () => w.ctx.mail.for('owner@example.com').filter((m) => m.subject.includes('paused new orders'));
/** The sweeps the clock set off have run, and the mails they queued have gone. */
const swept = async () => {
  await w.ctx.clock.settled();
  await jobsDone(w.ctx, ['alerts-mail', 'mail']);
};
const advance = async (ms: number) => {
  w.ctx.clock.advance(ms);
  await swept();
};

describe('a shop that stops answering pauses itself', () => {
  it('pauses after 3 orders in a row escalate, with its reason and event, mails the owner once, and the storefront refuses', async () => {
    const eventsBefore = (await busyEvents()).length;
    for (const name of ['Ann', 'Ben', 'Cal']) await seedOrder(w.ctx, w.shop.id, { customerName: name });
    // The first alert is not the escalation: nothing pauses yet.
    await advance(6 * MINUTE);
    expect(await busy()).toMatchObject({ paused: false, pauseReason: null });
    await advance(5 * MINUTE);
    await expect.poll(busy).toMatchObject({ paused: true, pausedUntil: null, pauseReason: 'AUTO_UNANSWERED', unansweredOrders: 3 });
    const events = (await busyEvents()).slice(eventsBefore);
    expect(events).toEqual([expect.objectContaining({ paused: true, pauseReason: 'AUTO_UNANSWERED', unansweredOrders: 3 })]);
    await w.ctx.mail.waitFor('owner@example.com', /paused new orders: 3 orders in a row went unanswered/);
    // More sweeps, on this process and another, neither pause again nor mail again.
    const other = connectLike(w.ctx.config, 2);
    try {
      const later = { ...w.ctx.services, db: other.db };
      await Promise.all([sweep(w.ctx.services)(), sweep(later)()]);
    } finally {
      await other.pool.end();
    }
    await advance(30 * MINUTE);
    expect((await busyEvents()).slice(eventsBefore)).toHaveLength(1);
    expect(pauseMails()).toHaveLength(1);
    expect(pauseMails()[0].text).toContain(`/shops/${w.shop.id}/orders/dashboard`);
    // Staff (not ADMINs) are not mailed about the pause.
    expect(w.ctx.mail.for('staff@example.com').filter((m) => m.subject.includes('paused new orders'))).toEqual([]);

    const refused = await placeOrder(w, cashPickup([{ itemId, quantity: 1 }]), { remoteAddress: nextIp() });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(messages.orderNotTakingOrders);
  });

  it('one tap resumes it (busy mode OFF): the reason clears, shop.resumed follows, orders are taken again', async () => {
    const res = await resume();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      paused: false,
      pausedUntil: null,
      extraMinutes: 0,
      extraUntil: null,
      pauseReason: null,
      unansweredOrders: null,
    });
    expect((await busyEvents()).at(-1)).toMatchObject({ paused: false, pauseReason: null });
    const placed = await placeOrder(w, cashPickup([{ itemId, quantity: 1 }]), { remoteAddress: nextIp() });
    expect(placed.statusCode, placed.body).toBe(201);
    // Out of the way of the next test's run.
    expect((await accept(placed.json().id)).statusCode).toBe(200);
  });

  it('an order answered between escalations starts the run again', async () => {
    const mailsBefore = pauseMails().length;
    const first = await seedOrder(w.ctx, w.shop.id, { customerName: 'Dot' });
    await advance(11 * MINUTE);
    // Someone is back: they answer a later order; Dot still counted, but the run starts again after the answer.
    const answered = await seedOrder(w.ctx, w.shop.id, { customerName: 'Eve' });
    expect((await accept(answered.id)).statusCode).toBe(200);
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Fay' });
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Gus' });
    await advance(11 * MINUTE);
    expect(await busy()).toMatchObject({ paused: false });
    const runs = await w.ctx.pool.query('SELECT count FROM unanswered_runs WHERE shop_id = $1', [w.shop.id]);
    expect(runs.rows[0].count).toBe(2);
    const counted = await w.ctx.pool.query('SELECT 1 FROM unanswered_orders WHERE shop_id = $1 AND order_id = $2', [w.shop.id, first.id]);
    expect(counted.rowCount).toBe(1);
    // A third in a row pauses.
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Hal' });
    await advance(11 * MINUTE);
    await expect.poll(busy).toMatchObject({ paused: true, pauseReason: 'AUTO_UNANSWERED', unansweredOrders: 3 });
    await expect.poll(() => pauseMails().length).toBe(mailsBefore + 1);
    expect((await resume()).statusCode).toBe(200);
  });

  it('a shop someone already paused keeps their pause; switched off, nothing pauses', async () => {
    const put = (body: object) => api(w.ctx).put(`/api/shops/${w.shop.id}/settings/order`, w.owner, { ...defaultOrderProcess, ...body });
    expect((await put({ autoPauseAfterOrders: 1 })).statusCode).toBe(200);
    const chosen = await w.ctx.app.inject({
      method: 'PUT',
      url: busyUrl(),
      headers: w.staff.headers,
      payload: { mode: 'PAUSE', minutes: 60 },
    });
    expect(chosen.statusCode).toBe(200);
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Ivy' });
    await advance(11 * MINUTE);
    expect(await busy()).toMatchObject({ paused: true, pauseReason: null, unansweredOrders: null });
    expect((await resume()).statusCode).toBe(200);

    expect((await put({ autoPauseUnanswered: false, autoPauseAfterOrders: 1 })).statusCode).toBe(200);
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Jon' });
    await advance(11 * MINUTE);
    expect(await busy()).toMatchObject({ paused: false });
  });
});

describe('the setting', () => {
  const url = () => `/api/shops/${w.shop.id}/settings/order`;
  it('takes 1 to 20 whole orders and says so otherwise', async () => {
    for (const [value, message] of [
      [0, 'Pause after should be between 1 and 20 orders'],
      [21, 'Pause after should be between 1 and 20 orders'],
      [2.5, 'Pause after should be a whole number of orders'],
    ] as const) {
      const res = await w.ctx.app.inject({
        method: 'PUT',
        url: url(),
        headers: w.owner.headers,
        payload: { ...defaultOrderProcess, autoPauseAfterOrders: value },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ autoPauseAfterOrders: message });
    }
    const ok = await w.ctx.app.inject({
      method: 'PUT',
      url: url(),
      headers: w.owner.headers,
      payload: { ...defaultOrderProcess, autoPauseAfterOrders: 20 },
    });
    expect(ok.json()).toMatchObject({ autoPauseUnanswered: true, autoPauseAfterOrders: 20 });
  });

  it('is the owner’s to change: anonymous 401, staff 403, another shop’s member 404', async () => {
    const payload = { ...defaultOrderProcess, autoPauseAfterOrders: 5 };
    expect((await w.ctx.app.inject({ method: 'PUT', url: url(), payload })).statusCode).toBe(401);
    expect((await w.ctx.app.inject({ method: 'PUT', url: url(), headers: w.staff.headers, payload })).statusCode).toBe(403);
    expect((await w.ctx.app.inject({ method: 'PUT', url: url(), headers: w.outsider.headers, payload })).statusCode).toBe(404);
    expect((await w.ctx.app.inject({ url: url(), headers: w.owner.headers })).json()).toMatchObject({ autoPauseAfterOrders: 20 });
  });
});
