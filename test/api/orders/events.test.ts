import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { openSse } from '../../helpers/sse';
import { connect, type Database } from '../../../server/infra/db/client';
import { createServices } from '../../../server/infra/services';
import { buildApp } from '../../../server/app';
import { seedOrder } from '../../helpers/orders';

/*
 * The event stream across two server processes on one database: process A (the test context's app) and process B
 * (a second app with its own pool, services and LISTEN connection). An order written through A reaches a stream
 * served by B.
 */
let w: ShopWorld;
let b: { app: FastifyInstance; database: Database };
let urlA: string;
let urlB: string;

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  w = await shopWorld();
  urlA = await listen(w.ctx.app);
  const database = connect(w.ctx.config.databaseUrl!, 5);
  const services = await createServices(w.ctx.config, database, { log: () => undefined });
  b = { app: await buildApp({ services, serveConsole: false }), database };
  urlB = await listen(b.app);
});
afterAll(async () => {
  await b.app.close();
  await b.database.pool.end();
  await w.ctx.close();
});

async function ticket(base: string, shopId: string, headers: Record<string, string>) {
  const res = await fetch(`${base}/api/shops/${shopId}/events/ticket`, { method: 'POST', headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { ticket: string }).ticket;
}

describe('GET /api/shops/{shopId}/events', () => {
  it('delivers an order written through process A to a stream on process B, then replays after Last-Event-ID', async () => {
    const t = await ticket(urlB, w.shop.id, w.staff.headers);
    const stream = await openSse(`${urlB}/api/shops/${w.shop.id}/events?ticket=${t}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const first = await seedOrder(w.ctx, w.shop.id);
    const second = await seedOrder(w.ctx, w.shop.id);
    await seedOrder(w.ctx, w.otherShop.id);
    const got = await stream.events(2);
    expect(got.map((e) => e.event)).toEqual(['order.created', 'order.created']);
    expect(got.map((e) => JSON.parse(e.data).orderId)).toEqual([first.id, second.id]);
    expect(Number(got[1].id)).toBe(Number(got[0].id) + 1);
    stream.close();

    // Missed while disconnected: an accept on process A; a reconnect with Last-Event-ID gets it, and nothing before.
    await w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${first.id}/accept`, headers: w.staff.headers, payload: { eta: null } });
    const resumed = await openSse(`${urlA}/api/shops/${w.shop.id}/events`, { ...w.owner.headers, 'last-event-id': got[0].id! });
    const replay = await resumed.events(2);
    expect(replay.map((e) => [e.event, JSON.parse(e.data).orderId])).toEqual([
      ['order.created', second.id],
      ['order.updated', first.id],
    ]);
    resumed.close();
    const byQuery = await openSse(`${urlA}/api/shops/${w.shop.id}/events?lastEventId=${got[1].id}`, w.owner.headers);
    expect((await byQuery.events(1)).map((e) => e.event)).toEqual(['order.updated']);
    // Every stream opens with the id it starts from, so a client cut before its first event still resumes there.
    expect(byQuery.ready.map((e) => e.id)).toEqual([got[1].id]);
    byQuery.close();
  });

  it('keeps delivering, none lost or twice, after its LISTEN connection is cut', async () => {
    const stream = await openSse(`${urlB}/api/shops/${w.shop.id}/events`, w.staff.headers);
    const before = await seedOrder(w.ctx, w.shop.id);
    await stream.events(1);
    const cut = await w.ctx.pool.query("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = 'LISTEN shop_events' AND datname = current_database()");
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    const during = await seedOrder(w.ctx, w.shop.id);
    const after = await seedOrder(w.ctx, w.shop.id);
    const got = await stream.events(3);
    expect(got.map((e) => JSON.parse(e.data).orderId)).toEqual([before.id, during.id, after.id]);
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.received()).toHaveLength(3);
    stream.close();
  });

  it('refuses anonymous callers, other shops, and tickets used for another shop or as a bearer token', async () => {
    expect((await fetch(`${urlA}/api/shops/${w.shop.id}/events`)).status).toBe(401);
    const outsider = await fetch(`${urlA}/api/shops/${w.shop.id}/events`, { headers: w.outsider.headers });
    expect(outsider.status).toBe(404);
    const t = await ticket(urlA, w.shop.id, w.staff.headers);
    expect((await fetch(`${urlA}/api/shops/${w.otherShop.id}/events?ticket=${t}`)).status).toBe(401);
    expect((await fetch(`${urlA}/api/shops/${w.shop.id}/orders`, { headers: { authorization: `Bearer ${t}` } })).status).toBe(401);
    expect((await fetch(`${urlA}/api/shops/${w.shop.id}/orders?ticket=${t}`)).status).toBe(401);
    expect((await fetch(`${urlA}/api/shops/${w.shop.id}/events/ticket`, { method: 'POST', headers: w.outsider.headers })).status).toBe(404);
  });
});
