import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '../../../domain/apiKeys';
import { hashToken } from '../../../server/infra/auth/tokens';
import { createApiKey } from '../../helpers/apiKeys';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const base = (shopId = w.shop.id) => `/api/shops/${shopId}/api_keys`;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null = w.owner, payload?: unknown) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> | undefined });
const inAnHour = () => new Date(w.ctx.clock.now().getTime() + 3_600_000).toISOString();

describe('POST /api/shops/:shopId/api_keys', () => {
  it('answers the key once (srv_ and 43 characters), stores only its SHA-256, and lists it with its prefix', async () => {
    const expiresAt = inAnHour();
    const res = await call('POST', base(), w.owner, { name: '  Kitchen screen ', scopes: ['orders:write', 'orders:read'], expiresAt });
    expect(res.statusCode, res.body).toBe(201);
    const { key, apiKey } = res.json();
    expect(key).toMatch(/^srv_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Kitchen screen',
      prefix: key.slice(4, 12),
      scopes: ['orders:read', 'orders:write'],
      createdBy: { id: w.owner.id, name: 'Olive Owner' },
      createdAt: expect.any(String),
      expiresAt: new Date(expiresAt).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      status: 'ACTIVE',
    });
    const { rows } = await w.ctx.pool.query('SELECT key_hash FROM api_keys WHERE id = $1', [apiKey.id]);
    expect(rows).toEqual([{ key_hash: hashToken(key) }]);
    expect(JSON.stringify(await w.ctx.pool.query('SELECT * FROM api_keys').then((r) => r.rows))).not.toContain(key);

    const list = await call('GET', base());
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(apiKey);
    expect(list.body).not.toContain(key);
  });

  it('takes every scope, and no expiry', async () => {
    const res = await call('POST', base(), w.owner, { name: 'Everything', scopes: [...API_KEY_SCOPES].reverse() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().apiKey).toMatchObject({ scopes: [...API_KEY_SCOPES], expiresAt: null });
  });

  it.each([
    [{ scopes: ['orders:read'] }, 'name', 'Name is required'],
    [{ name: '   ', scopes: ['orders:read'] }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(61), scopes: ['orders:read'] }, 'name', 'should not be larger than 60 characters'],
    [{ name: 'No scopes' }, 'scopes', 'Choose at least one scope'],
    [{ name: 'No scopes', scopes: [] }, 'scopes', 'Choose at least one scope'],
    [
      { name: 'Bad scope', scopes: ['orders:delete'] },
      'scopes.0',
      'A scope is one of orders:read, orders:write, bookings:read, bookings:write, menu:read, menu:write, reports:read',
    ],
    [{ name: 'Bad date', scopes: ['orders:read'], expiresAt: 'tomorrow' }, 'expiresAt', 'Expiry should be an ISO date and time'],
  ])('refuses %j with a message (400), creating nothing', async (payload, field, message) => {
    const before = await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys');
    const res = await call('POST', base(), w.owner, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION', errors: { [field]: message } });
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys')).rows).toEqual(before.rows);
  });

  it('refuses an expiry that is not in the future', async () => {
    const res = await call('POST', base(), w.owner, {
      name: 'Too late',
      scopes: ['orders:read'],
      expiresAt: new Date(w.ctx.clock.now().getTime() - 1000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The expiry should be in the future',
      code: 'VALIDATION',
      errors: { expiresAt: 'The expiry should be in the future' },
    });
  });
});

describe('DELETE /api/shops/:shopId/api_keys/:keyId', () => {
  it('revokes the key, which stays in the list as revoked; revoking again keeps the first revocation', async () => {
    const { apiKey } = await createApiKey(w.ctx, w.shop.id, w.owner, ['menu:read']);
    const res = await call('DELETE', `${base()}/${apiKey.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...apiKey, revokedAt: expect.any(String), status: 'REVOKED' });
    w.ctx.clock.advance(5_000);
    const again = await call('DELETE', `${base()}/${apiKey.id}`);
    expect(again.json()).toEqual(res.json());
    expect((await call('GET', base())).json()).toContainEqual(res.json());
  });

  it("answers 404 for an unknown key, a malformed id, and another shop's key", async () => {
    const theirs = await createApiKey(w.ctx, w.otherShop.id, w.outsider, ['menu:read']);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-key', theirs.apiKey.id]) {
      const res = await call('DELETE', `${base()}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Cannot find API key with id ${id}`, code: 'NOT_FOUND' });
    }
    const list = await call('GET', base(w.otherShop.id), w.outsider);
    expect(list.json().find((k: { id: string }) => k.id === theirs.apiKey.id).status).toBe('ACTIVE');
  });
});

describe('who manages keys', () => {
  const routes = () => [
    { method: 'GET' as const, url: base() },
    { method: 'POST' as const, url: base(), payload: { name: 'Sneaky', scopes: ['orders:read'] } },
    { method: 'DELETE' as const, url: `${base()}/00000000-0000-4000-8000-000000000000` },
  ];

  it('anonymous callers get 401, staff 403, another shop’s ADMIN 404; nothing is written', async () => {
    const before = await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys');
    for (const r of routes()) {
      expect((await call(r.method, r.url, null, r.payload)).statusCode).toBe(401);
      const staff = await call(r.method, r.url, w.staff, r.payload);
      expect({ status: staff.statusCode, body: staff.json() }).toEqual({
        status: 403,
        body: { message: 'You are not allowed to do this.', code: 'FORBIDDEN' },
      });
      const outsider = await call(r.method, r.url, w.outsider, r.payload);
      expect({ status: outsider.statusCode, body: outsider.json() }).toEqual({
        status: 404,
        body: { message: `Cannot find shop with id ${w.shop.id}`, code: 'NOT_FOUND' },
      });
    }
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys')).rows).toEqual(before.rows);
  });

  it('super admins see and manage every shop’s keys', async () => {
    const res = await call('POST', base(), w.superAdmin, { name: 'Support', scopes: ['reports:read'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().apiKey.createdBy).toEqual({ id: w.superAdmin.id, name: 'Sue Super' });
    expect((await call('GET', base(), w.superAdmin)).statusCode).toBe(200);
    expect((await call('DELETE', `${base()}/${res.json().apiKey.id}`, w.superAdmin)).json().status).toBe('REVOKED');
  });
});
