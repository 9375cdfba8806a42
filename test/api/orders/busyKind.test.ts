import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { shopEvents } from '../../../server/infra/db/tables';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const inMinutes = (m: number) => new Date(w.ctx.clock.now().getTime() + m * 60_000).toISOString();
const kindUrl = () => `/api/shops/${w.shop.id}/settings/orders_busy`;
const busyUrl = () => `/api/shops/${w.shop.id}/orders/busy`;
const lastBusyEvent = async () =>
  (
    await w.ctx.db
      .select()
      .from(shopEvents)
      .where(and(eq(shopEvents.shopId, w.shop.id), eq(shopEvents.type, 'busy.updated')))
      .orderBy(desc(shopEvents.seq))
      .limit(1)
  )[0];

describe('busy mode as the settings kind orders_busy', () => {
  it('reads as off when never set, and as GET /orders/busy answers once PUT /orders/busy set it', async () => {
    const none = await w.ctx.app.inject({ url: kindUrl(), headers: w.staff.headers });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      paused: false,
      pausedUntil: null,
      extraMinutes: 0,
      extraUntil: null,
      pauseReason: null,
      unansweredOrders: null,
    });

    await w.ctx.app.inject({ method: 'PUT', url: busyUrl(), headers: w.staff.headers, payload: { mode: 'PAUSE', minutes: 30 } });
    const busy = (await w.ctx.app.inject({ url: busyUrl(), headers: w.staff.headers })).json();
    expect(busy).toMatchObject({ paused: true });
    expect((await w.ctx.app.inject({ url: kindUrl(), headers: w.owner.headers })).json()).toEqual(busy);
  });

  it('is written whole by any member, announced to the dashboards with busy.updated, and read back by /orders/busy', async () => {
    const doc = {
      paused: false,
      pausedUntil: null,
      extraMinutes: 20,
      extraUntil: inMinutes(60),
      pauseReason: null,
      unansweredOrders: null,
    };
    const res = await w.ctx.app.inject({ method: 'PUT', url: kindUrl(), headers: w.staff.headers, payload: doc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(doc);
    expect((await w.ctx.app.inject({ url: busyUrl(), headers: w.staff.headers })).json()).toEqual(doc);
    expect((await lastBusyEvent()).data).toEqual(doc);
  });

  it('reads a part whose time is up as off', async () => {
    const doc = {
      paused: true,
      pausedUntil: inMinutes(-1),
      extraMinutes: 10,
      extraUntil: inMinutes(30),
      pauseReason: null,
      unansweredOrders: null,
    };
    expect((await w.ctx.app.inject({ method: 'PUT', url: kindUrl(), headers: w.owner.headers, payload: doc })).statusCode).toBe(200);
    expect((await w.ctx.app.inject({ url: kindUrl(), headers: w.staff.headers })).json()).toEqual({
      ...doc,
      paused: false,
      pausedUntil: null,
    });
  });

  it('refuses a document that does not fit, and callers outside the shop', async () => {
    const bad = await w.ctx.app.inject({
      method: 'PUT',
      url: kindUrl(),
      headers: w.staff.headers,
      payload: { paused: true, pausedUntil: 'soon', extraMinutes: 0, extraUntil: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', errors: { pausedUntil: 'pausedUntil should be an ISO date and time' } });
    expect((await w.ctx.app.inject({ url: kindUrl() })).statusCode).toBe(401);
    expect((await w.ctx.app.inject({ url: kindUrl(), headers: w.outsider.headers })).statusCode).toBe(404);
  });
});
