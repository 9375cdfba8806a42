import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks';
import { isPrivateAddress } from '../../../server/areas/webhooks/addresses';
import { jobsDone } from '../../helpers/jobs';
import { seedOrder } from '../../helpers/orders';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

// As in production: private addresses refused (WEBHOOKS_ALLOW_PRIVATE unset). A public address is written as one, so
// the test needs no DNS.
const PUBLIC = 'https://93.184.215.14/hooks';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const base = (shopId = w.shop.id) => `/api/shops/${shopId}/webhooks`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null = w.owner, payload?: unknown) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> | undefined });
const count = async () => Number((await w.ctx.pool.query('SELECT count(*) FROM webhook_endpoints')).rows[0].count);

describe('POST /api/shops/:shopId/webhooks', () => {
  it('answers the whsec_ secret once, keeps it sealed, and lists the endpoint without it', async () => {
    const res = await call('POST', base(), w.owner, {
      url: PUBLIC,
      eventTypes: ['order.placed', 'booking.placed', 'order.placed'],
      description: ' POS ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { secret, endpoint } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: PUBLIC,
      description: 'POS',
      eventTypes: ['order.placed', 'booking.placed'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      previousSecretExpiresAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const stored = JSON.stringify((await w.ctx.pool.query('SELECT * FROM webhook_endpoints')).rows);
    expect(stored).not.toContain(secret.slice(6));
    const list = await call('GET', base());
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(endpoint);
    expect(list.body).not.toContain(secret.slice(6));
  });

  it('starts a new endpoint after the shop\u2019s newest event: it gets no history', async () => {
    await seedOrder(w.ctx, w.shop.id);
    const res = await call('POST', base(), w.owner, { url: PUBLIC, eventTypes: ['menu.updated'] });
    const { rows } = await w.ctx.pool.query(
      'SELECT cursor, (SELECT last_seq FROM shop_event_counters WHERE shop_id = $1) AS last FROM webhook_endpoints WHERE id = $2',
      [w.shop.id, res.json().endpoint.id],
    );
    expect(Number(rows[0].cursor)).toBe(Number(rows[0].last));
  });

  it.each([
    [{ eventTypes: ['order.placed'] }, 'url', 'URL is required'],
    [{ url: '  ', eventTypes: ['order.placed'] }, 'url', 'URL is required'],
    [{ url: 'ftp://example.com/x', eventTypes: ['order.placed'] }, 'url', 'Enter a full URL starting with https://'],
    [{ url: 'not a url', eventTypes: ['order.placed'] }, 'url', 'Enter a full URL starting with https://'],
    [{ url: PUBLIC }, 'eventTypes', 'Choose at least one event type'],
    [{ url: PUBLIC, eventTypes: [] }, 'eventTypes', 'Choose at least one event type'],
    [{ url: PUBLIC, eventTypes: ['order.exploded'] }, 'eventTypes.0', `An event type is one of ${WEBHOOK_EVENT_TYPES.join(', ')}`],
    [
      { url: PUBLIC, eventTypes: ['order.placed'], description: 'x'.repeat(201) },
      'description',
      'should not be larger than 200 characters',
    ],
  ])('refuses %j: %s says %s, and stores nothing', async (body, field, message) => {
    const before = await count();
    const res = await call('POST', base(), w.owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message, errors: { [field]: message } });
    expect(await count()).toBe(before);
  });

  it.each([
    ['http://93.184.215.14/hooks', 'The URL must start with https://'],
    ['https://127.0.0.1/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://localhost:8443/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://10.1.2.3/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://192.168.0.10/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'The URL must not point to a private, loopback or link-local address'],
    ['https://[::1]/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://[::ffff:10.0.0.1]/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://[fd00::1]/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://0x7f000001/hooks', 'The URL must not point to a private, loopback or link-local address'],
    ['https://user:pass@93.184.215.14/hooks', 'The URL must not contain a user name or password'],
    ['https://no-such-host.invalid/hooks', 'The URL\u2019s host name could not be found'],
  ])('refuses %s (SSRF): %s', async (url, message) => {
    const before = await count();
    const res = await call('POST', base(), w.owner, { url, eventTypes: ['order.placed'] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { url: message } });
    expect(await count()).toBe(before);
  });

  it('refuses the same addresses when an endpoint is changed', async () => {
    const { endpoint } = (await call('POST', base(), w.owner, { url: PUBLIC, eventTypes: ['order.placed'] })).json();
    const res = await call('PUT', `${base()}/${endpoint.id}`, w.owner, { url: 'https://127.0.0.2/x' });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', `${base()}/${endpoint.id}`)).json().url).toBe(PUBLIC);
  });
});

describe('addresses a webhook may not reach', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.1', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['fe80::1', true],
    ['fc00::1', true],
    ['64:ff9b::a00:1', true],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
  ])('%s private: %s', (address, blocked) => {
    expect(isPrivateAddress(address)).toBe(blocked);
  });
});

describe('a name that turns private after it was saved', () => {
  it('is refused again at delivery, with no request made, and the attempt says why', async () => {
    const sealed = await w.ctx.services.credentials.sealText('whsec_' + Buffer.alloc(32, 1).toString('base64'));
    // As if localhost had resolved to a public address when it was saved (DNS rebinding).
    const { rows } = await w.ctx.pool.query(
      `INSERT INTO webhook_endpoints (shop_id, url, event_types, secret_sealed, cursor, created_at)
       VALUES ($1, 'https://localhost:9/hooks', '{order.placed}', $2, (SELECT last_seq FROM shop_event_counters WHERE shop_id = $1), now())
       RETURNING id`,
      [w.shop.id, sealed],
    );
    await seedOrder(w.ctx, w.shop.id);
    w.ctx.clock.advance(10_000);
    await w.ctx.clock.settled();
    await jobsDone(w.ctx, ['webhooks']);
    const log = await call('GET', `${base()}/${rows[0].id}/deliveries`);
    expect(log.json()[0]).toMatchObject({
      status: 'PENDING',
      attempts: [{ statusCode: null, response: 'Not sent: the host name resolves to a private, loopback or link-local address' }],
    });
  });
});

describe('managing an endpoint', () => {
  let id: string;
  beforeAll(async () => {
    id = (await call('POST', base(), w.owner, { url: PUBLIC, eventTypes: ['order.placed'] })).json().endpoint.id;
  });

  it('changes its fields, switches it off and on', async () => {
    const changed = await call('PUT', `${base()}/${id}`, w.owner, { eventTypes: ['shop.paused', 'shop.resumed'], description: 'Signage' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ eventTypes: ['shop.paused', 'shop.resumed'], description: 'Signage', enabled: true });
    const off = await call('PUT', `${base()}/${id}`, w.owner, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });
    const test = await call('POST', `${base()}/${id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json()).toMatchObject({ message: 'Enable the endpoint before sending it a test event' });
    const on = await call('PUT', `${base()}/${id}`, w.owner, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
    const bad = await call('PUT', `${base()}/${id}`, w.owner, { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ enabled: 'enabled is true or false' });
    // An empty change changes nothing.
    const same = await call('PUT', `${base()}/${id}`, w.owner, {});
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ eventTypes: ['shop.paused', 'shop.resumed'], description: 'Signage', enabled: true });
  });

  it('rolls its secret: a new one, answered once, the old one signing for 24 hours more', async () => {
    const res = await call('POST', `${base()}/${id}/roll_secret`);
    expect(res.statusCode).toBe(200);
    expect(res.json().secret).toMatch(/^whsec_/);
    expect(new Date(res.json().endpoint.previousSecretExpiresAt).getTime() - w.ctx.clock.now().getTime()).toBeGreaterThan(86_000_000);
  });

  it('lists the event catalogue', async () => {
    const res = await call('GET', `${base()}/event_types`);
    expect(res.json().map((t: { type: string }) => t.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it('answers 404 for another shop\u2019s endpoint and for no id at all, to its ADMIN too', async () => {
    expect((await call('GET', `${base(w.otherShop.id)}/${id}`, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/nope`)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${id}/deliveries/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    // An endpoint id that is no id at all, in front of a delivery's (the contract fuzzer found it answered 500).
    expect((await call('GET', `${base()}/%5ExM2/deliveries/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/%5ExM2/deliveries`)).statusCode).toBe(404);
  });

  it('refuses anonymous callers (401), a USER of the shop (403) and another shop\u2019s ADMIN (404)', async () => {
    expect((await call('GET', base(), null)).statusCode).toBe(401);
    expect((await call('POST', base(), w.staff, { url: PUBLIC, eventTypes: ['order.placed'] })).statusCode).toBe(403);
    expect((await call('DELETE', `${base()}/${id}`, w.staff)).statusCode).toBe(403);
    expect((await call('GET', base(), w.outsider)).statusCode).toBe(404);
  });

  it('deletes it with its log', async () => {
    expect((await call('DELETE', `${base()}/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `${base()}/${id}`)).statusCode).toBe(404);
  });
});
