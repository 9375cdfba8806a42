import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { openSse } from '../../helpers/sse';
import { createUser, login, type TestUser } from '../../helpers/users';
import { actionLinkFor, RESET_SUBJECT } from '../../helpers/auth';
import { setSuperAdmin } from '../../../server/areas/accounts/repo';
import { HEARTBEAT_MS } from '../../../server/infra/events/stream';
import { MAX_STREAMS_PER_USER } from '../../../server/infra/events/openStreams';
import { messages } from '../../../domain/messages';
import type { Database } from '../../../server/infra/db/client';
import { connectLike } from '../../helpers/app';
import { createServices } from '../../../server/infra/services';
import { buildApp } from '../../../server/app';
import { seedOrder } from '../../helpers/orders';
import { addSeller } from '../../helpers/shopWorld';
import { REFRESH_GRACE_MS } from '../../../server/infra/auth/sessions';

/*
 * The event stream across two server processes on one database: process A (the test context's app) and process B
 * (a second app with its own pool, services and LISTEN connection). An order written through A reaches a stream
 * served by B, and a logout or removal through A ends B's streams at once.
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
  const database = connectLike(w.ctx.config, 5);
  // The same test clock: process B's heartbeats fire when the test advances it, never on their own.
  const services = await createServices(w.ctx.config, database, { log: () => undefined, clock: w.ctx.clock });
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
    expect(got.map((e) => JSON.parse(e.data).id)).toEqual([first.id, second.id]);
    expect(Number(got[1].id)).toBe(Number(got[0].id) + 1);
    stream.close();

    // Missed while disconnected: an accept on process A; a reconnect with Last-Event-ID gets it, and nothing before.
    await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${first.id}/accept`,
      headers: w.staff.headers,
      payload: { eta: null },
    });
    const resumed = await openSse(`${urlA}/api/shops/${w.shop.id}/events`, { ...w.owner.headers, 'last-event-id': got[0].id! });
    const replay = await resumed.events(2);
    expect(replay.map((e) => [e.event, JSON.parse(e.data).id])).toEqual([
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
    const cut = await w.ctx.pool.query(
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = 'LISTEN shop_events' AND datname = current_database()",
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    const during = await seedOrder(w.ctx, w.shop.id);
    const after = await seedOrder(w.ctx, w.shop.id);
    const got = await stream.events(3);
    expect(got.map((e) => JSON.parse(e.data).id)).toEqual([before.id, during.id, after.id]);
    // A later order's event comes after any repeat of the earlier ones: once it is in, nothing came twice.
    const marker = await seedOrder(w.ctx, w.shop.id);
    await stream.events(4);
    expect(stream.received().map((e) => JSON.parse(e.data).id)).toEqual([before.id, during.id, after.id, marker.id]);
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

/** A new seller of the shop, so ending their access leaves the world's users alone. */
async function newSeller(shopId = w.shop.id) {
  const user = await createUser(w.ctx);
  await addSeller(w.ctx, shopId, user, 'USER');
  return user;
}

const stream = async (base: string, shopId: string, user: Pick<TestUser, 'headers'>, how: 'bearer' | 'ticket' = 'bearer') => {
  const s =
    how === 'ticket'
      ? await openSse(`${base}/api/shops/${shopId}/events?ticket=${await ticket(base, shopId, user.headers)}`)
      : await openSse(`${base}/api/shops/${shopId}/events`, user.headers);
  expect(s.status).toBe(200);
  // Its first bytes (the ready event): the server has registered it.
  await waitFor(() => s.ready.length > 0);
  return s;
};

/** Waits for something the server does in its own time (no clock involved), for at most a few seconds. */
async function waitFor(done: () => boolean) {
  await expect.poll(done, { timeout: 10_000, interval: 20 }).toBe(true);
}

/** Still open: it gets the next order of its shop. */
async function stillOpen(s: Awaited<ReturnType<typeof openSse>>, shopId: string) {
  const before = s.received().length;
  await seedOrder(w.ctx, shopId);
  await s.events(before + 1);
  expect(s.isEnded()).toBe(false);
}

describe('GET /api/shops/{shopId}/events ends when access ends', () => {
  it("ends the streams of a session logged out through process A on both processes at once, and no other session's", async () => {
    const user = await newSeller();
    const other = { ...user, ...(await login(w.ctx, user.email, user.password)) };
    const onB = await stream(urlB, w.shop.id, user, 'ticket');
    const onA = await stream(urlA, w.shop.id, user);
    const otherSession = await stream(urlB, w.shop.id, other);

    const out = await w.ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers, payload: {} });
    expect(out.statusCode).toBe(204);
    // No clock advance, so no heartbeat: the NOTIFY closes them.
    await onB.ended();
    await onA.ended();
    await stillOpen(otherSession, w.shop.id);
    otherSession.close();
  });

  it('ends the stream of a seller removed from the shop (served by the other process), not their stream of another shop', async () => {
    const user = await newSeller();
    await addSeller(w.ctx, w.otherShop.id, user, 'USER');
    const removedFrom = await stream(urlB, w.shop.id, user, 'ticket');
    const stays = await stream(urlB, w.otherShop.id, user);

    const res = await w.ctx.app.inject({ method: 'DELETE', url: `/api/shops/${w.shop.id}/sellers/${user.id}`, headers: w.owner.headers });
    expect(res.statusCode).toBe(200);
    await removedFrom.ended();
    await stillOpen(stays, w.otherShop.id);
    stays.close();
  });

  it("ends the streams of the other sessions when a password reset ends them, and keeps the resetting session's", async () => {
    const user = await newSeller();
    const elsewhere = { ...user, ...(await login(w.ctx, user.email, user.password)) };
    const mine = await stream(urlA, w.shop.id, user);
    const theirs = await stream(urlB, w.shop.id, elsewhere, 'ticket');
    w.ctx.mail.clear();
    expect((await w.ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email: user.email } })).statusCode).toBe(200);
    const { oobCode } = await actionLinkFor(w.ctx, user.email, RESET_SUBJECT);
    const reset = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/action',
      headers: user.headers,
      payload: { mode: 'resetPassword', oobCode, newPassword: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    await theirs.ended();
    await stillOpen(mine, w.shop.id);
    mine.close();
  });

  it('ends the stream when its refresh-token family is revoked (a replaced refresh token presented again)', async () => {
    const user = await newSeller();
    const s = await stream(urlB, w.shop.id, user);
    const refresh = (cookie: string) => w.ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie }, payload: {} });
    expect((await refresh(user.cookie)).statusCode).toBe(200);
    expect(s.isEnded()).toBe(false);
    // Past the grace window in which a racing refresh with the same cookie is still answered.
    w.ctx.clock.advance(REFRESH_GRACE_MS + 1);
    expect((await refresh(user.cookie)).statusCode).toBe(401);
    await s.ended();
  });

  it("ends a super admin's stream of a shop they are no seller of when they are demoted", async () => {
    const admin = await createUser(w.ctx, { superAdmin: true });
    const s = await stream(urlB, w.shop.id, admin);
    expect(await setSuperAdmin(w.ctx.db, admin.email, false)).toBeDefined();
    await s.ended();
  });

  it('checks the session again at every heartbeat: a session that expires with no one touching it ends its streams', async () => {
    const user = await newSeller();
    const onA = await stream(urlA, w.shop.id, user);
    const onB = await stream(urlB, w.shop.id, user, 'ticket');
    // A heartbeat with access intact: the comment line, and the stream stays.
    w.ctx.clock.advance(HEARTBEAT_MS);
    await waitFor(() => onA.comments.includes('heartbeat') && onB.comments.includes('heartbeat'));
    await stillOpen(onA, w.shop.id);
    expect(onB.isEnded()).toBe(false);

    // The session's expiry passes: nothing is written, so nothing notifies; the next heartbeat notices.
    w.ctx.clock.advance(w.ctx.config.refreshTokenTtlDays * 86_400_000);
    try {
      await onA.ended();
      await onB.ended();
    } finally {
      w.ctx.clock.reset();
    }
  });
});

describe('GET /api/shops/{shopId}/events caps', () => {
  it(`refuses a user's stream beyond ${MAX_STREAMS_PER_USER} open ones (429, Retry-After) until one closes`, async () => {
    const user = await newSeller();
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await stream(urlA, w.shop.id, user));
    const refused = await fetch(`${urlA}/api/shops/${w.shop.id}/events`, { headers: user.headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(HEARTBEAT_MS / 1000));
    expect(await refused.json()).toMatchObject({
      code: 'TOO_MANY_STREAMS',
      message: `This account already has ${MAX_STREAMS_PER_USER} live update streams open. Close one (another tab or device) and try again.`,
    });
    // Another user of the same shop is not held back.
    const staff = await stream(urlA, w.shop.id, await newSeller());
    staff.close();

    open.pop()!.close();
    // The server sees the closed stream in its own time: ask until it lets this one in.
    let again: Response | undefined;
    await expect
      .poll(
        async () => {
          await again?.body?.cancel();
          again = await fetch(`${urlA}/api/shops/${w.shop.id}/events`, { headers: user.headers });
          return again.status;
        },
        { timeout: 10_000, interval: 20 },
      )
      .toBe(200);
    await again!.body?.cancel();
    for (const s of open) s.close();
  });

  it('opens one stream per ticket: the same ticket again is a 409, on either process, even after the first closed', async () => {
    const user = await newSeller();
    const t = await ticket(urlA, w.shop.id, user.headers);
    const first = await openSse(`${urlA}/api/shops/${w.shop.id}/events?ticket=${t}`);
    expect(first.status).toBe(200);
    for (const base of [urlA, urlB]) {
      const second = await fetch(`${base}/api/shops/${w.shop.id}/events?ticket=${t}`);
      expect(second.status).toBe(409);
      expect(await second.json()).toMatchObject({ code: 'TICKET_USED', message: messages.streamTicketUsed });
    }
    first.close();
    expect((await fetch(`${urlB}/api/shops/${w.shop.id}/events?ticket=${t}`)).status).toBe(409);
  });
});
