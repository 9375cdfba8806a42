import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '../../../domain/apiKeys';
import { API_KEY_ROUTES, apiKeyScopeFor } from '../../../server/infra/auth/apiKeyScopes';
import { createApiKey } from '../../helpers/apiKeys';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';

/* The scope table against the app's final route table: what keys may call, and that everything else refuses them. */
let w: ShopWorld;
let allScopes: { authorization: string };
beforeAll(async () => {
  w = await shopWorld({ env: { API_KEY_REQUESTS_PER_MINUTE: '100000' } });
  allScopes = (await createApiKey(w.ctx, w.shop.id, w.owner, [...API_KEY_SCOPES])).headers;
});
afterAll(() => w.ctx.close());

const ID = '00000000-0000-4000-8000-0000000000aa';
const urlOf = (pattern: string) =>
  pattern.replace(':shopId', w.shop.id).replace(':kind', 'checkout').replace(/:\w+/g, ID).replace('*', 'img/x.png');

describe('the scope table', () => {
  it('names only routes the app has, each a shop route open to USERs, needing no posts or bank permission', () => {
    const routes = new Map(w.ctx.app.routeTable.map((r) => [`${r.method} ${r.url}`, r]));
    for (const key of Object.keys(API_KEY_ROUTES)) {
      const route = routes.get(key);
      expect({ key, exists: Boolean(route) }).toEqual({ key, exists: true });
      expect({ key, shopRole: route!.shopRole, auth: route!.auth }).toEqual({ key, shopRole: 'USER', auth: 'verified' });
      expect(['posts', 'bankAccount']).not.toContain(route!.staffPermission);
    }
  });

  it('gives the pizza settings the menu scopes, and no other settings kind any', () => {
    expect(apiKeyScopeFor('GET', '/api/shops/:shopId/settings/:kind', { kind: 'pizza' })).toBe('menu:read');
    expect(apiKeyScopeFor('PUT', '/api/shops/:shopId/settings/:kind', { kind: 'pizza' })).toBe('menu:write');
    expect(apiKeyScopeFor('PUT', '/api/shops/:shopId/settings/:kind', { kind: 'staff_permissions' })).toBeNull();
    expect(apiKeyScopeFor('HEAD', '/api/shops/:shopId/orders', {})).toBe('orders:read');
    expect(apiKeyScopeFor('GET', '/api/shops/:shopId/__proto__', {})).toBeNull();
  });
});

describe('every route, called with a key holding every scope', () => {
  it('refuses the routes outside the table (403) and lets the table’s through, changing no key', async () => {
    const before = await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys');
    const wrong: string[] = [];
    for (const route of w.ctx.app.routeTable) {
      if (route.auth === 'public') continue;
      const name = `${route.method} ${route.url}`;
      const res = await w.ctx.app.inject({ method: route.method as 'GET', url: urlOf(route.url), headers: allScopes, payload: {} });
      const refused = res.statusCode === 401 || (res.statusCode === 403 && /API key/.test(res.json().message));
      const allowed = apiKeyScopeFor(route.method, route.url, { kind: 'checkout' }) !== null;
      if (refused === allowed) wrong.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (!allowed && res.json().message !== 'API keys cannot use this route.') wrong.push(`${name}: ${res.body}`);
    }
    expect(wrong).toEqual([]);
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys')).rows).toEqual(before.rows);
  });
});
