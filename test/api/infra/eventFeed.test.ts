import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';
import { openSse } from '../../helpers/sse';
import { appendEvent } from '../../../server/infra/db/shopEvents';
import type { TestUser } from '../../helpers/users';

/* GET /api/shops/:shopId/events/feed: the event log in pages, with the stream's ids and payloads. */
let w: ShopWorld;
let base: string;
beforeAll(async () => {
  w = await shopWorld();
  await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(w.ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => w.ctx.close());

const feed = (query = '', user: TestUser | null = w.staff, shopId = w.shop.id) =>
  w.ctx.app.inject({ url: `/api/shops/${shopId}/events/feed${query}`, headers: user?.headers });

describe('the events feed', () => {
  it('is empty, and caught up, before the shop has events', async () => {
    const res = await feed();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ events: [], next: null });
  });

  it('pages the log oldest first; next says where the following page starts, null once caught up', async () => {
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await seedOrder(w.ctx, w.shop.id));
    const first = (await feed('?limit=2')).json();
    expect(first.events.map((e: { data: { id: string } }) => e.data.id)).toEqual([orders[0].id, orders[1].id]);
    expect(first.next).toBe(first.events[1].id);
    const second = (await feed(`?after=${first.next}&limit=2`)).json();
    expect(second.events.map((e: { data: { id: string } }) => e.data.id)).toEqual([orders[2].id, orders[3].id]);
    const last = (await feed(`?after=${second.next}&limit=2`)).json();
    expect(last.events.map((e: { data: { id: string } }) => e.data.id)).toEqual([orders[4].id]);
    expect(last.next).toBeNull();
    const all = (await feed()).json();
    expect(all.events.map((e: { id: number }) => e.id)).toEqual([...first.events, ...second.events, ...last.events].map((e) => e.id));
    for (const e of all.events)
      expect(e).toEqual({ id: expect.any(Number), type: 'order.created', at: expect.any(String), data: expect.any(Object) });
    expect((await feed(`?after=${last.events[0].id}`)).json()).toEqual({ events: [], next: null });
  });

  it('gives the same ids and data as the stream', async () => {
    const latest = (await feed('?limit=500')).json().events.at(-1).id;
    const stream = await openSse(`${base}/api/shops/${w.shop.id}/events?lastEventId=${latest}`, w.staff.headers);
    try {
      const order = await seedOrder(w.ctx, w.shop.id);
      const [streamed] = await stream.events(1);
      const [fed] = (await feed(`?after=${latest}`)).json().events;
      expect(fed).toEqual({ id: Number(streamed.id), type: streamed.event, at: expect.any(String), data: JSON.parse(streamed.data!) });
      expect(fed.data.id).toBe(order.id);
    } finally {
      stream.close();
    }
  });

  it('answers an event of a type no area declares with data null, so the reader still moves past it', async () => {
    const latest = (await feed('?limit=500')).json().events.at(-1).id;
    await appendEvent(w.ctx.db, w.shop.id, 'retired.type' as never, { secret: 'stored shape' });
    expect((await feed(`?after=${latest}`)).json()).toEqual({
      events: [{ id: latest + 1, type: 'retired.type', at: expect.any(String), data: null }],
      next: null,
    });
  });

  it.each([
    ['?after=-1', 'after', 'after should be an event id: a whole number, 0 or more'],
    ['?after=abc', 'after', 'after should be an event id: a whole number, 0 or more'],
    ['?after=1.5', 'after', 'after should be an event id: a whole number, 0 or more'],
    ['?limit=0', 'limit', 'limit should be a whole number from 1 to 500'],
    ['?limit=501', 'limit', 'limit should be a whole number from 1 to 500'],
    ['?limit=ten', 'limit', 'limit should be a whole number from 1 to 500'],
  ])('refuses %s with a message (400)', async (query, field, message) => {
    const res = await feed(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION', errors: { [field]: message } });
  });

  it("is for the shop's members: anonymous 401, another shop's member 404", async () => {
    expect((await feed('', null)).statusCode).toBe(401);
    const res = await feed('', w.outsider);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 404,
      body: { message: `Cannot find shop with id ${w.shop.id}`, code: 'NOT_FOUND' },
    });
    expect((await feed('', w.owner)).statusCode).toBe(200);
  });

  it('documents how long events are kept', async () => {
    const doc = (await w.ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/shops/{shopId}/events/feed'].get.description).toContain('kept for as long as the shop exists');
  });
});
