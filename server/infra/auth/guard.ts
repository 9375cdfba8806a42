import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../domain/messages';
import { forbidden, notFound, unauthorized } from '../http/errors';
import type { AuthUser, ShopRole } from '../context';
import { sessionUser, touchSession } from './sessionUser';
import { staffPermissionDenied, type StaffPermissions } from '../../../domain/staffPermissions';
import { actingAccess } from './sellerRole';
import { apiKeyOf, resolveApiKey } from './apiKeys';
import { apiKeyPermissions, apiKeyScopeFor } from './apiKeyScopes';
import { apiKeyMessages, apiKeyNeedsScope } from '../../../domain/apiKeys';
import { twoFactorMessages } from '../../../domain/twoFactor';

import { isUuid } from '../db/uuid';

export { isUuid };

/** Reads the Bearer token and loads the user and session fresh on every request,
 * so logout, removal and demotion take effect on the very next call. */
async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<AuthUser | null> {
  const header = req.headers.authorization;
  const { tokens, db, clock, streamTickets } = app.services;
  const now = clock.now();
  let claims;
  if (header?.startsWith('Bearer ')) claims = await tokens.verify(header.slice(7), now);
  else if (req.routeOptions.config.streamTicket) {
    const ticket = (req.query as Record<string, unknown> | undefined)?.ticket;
    const shopId = (req.params as Record<string, string> | undefined)?.shopId;
    if (typeof ticket !== 'string' || !shopId) return null;
    claims = await streamTickets.verify(ticket, shopId, now);
  } else return null;
  if (!claims || !isUuid(claims.sid)) return null;
  const row = await sessionUser(db, claims.sid, claims.sub, now);
  if (!row) return null;
  await touchSession(db, claims.sid, row.lastUsedAt, now);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: Boolean(row.verified),
    isSuperAdmin: row.isSuperAdmin,
    sessionId: claims.sid,
    provedAt: row.provedAt,
    twoFactorSetupOnly: row.twoFactorSetupOnly,
  };
}

/**
 * A request made with an API key: the key must be live, the route one keys may call (apiKeyScopes.ts) on the key's own
 * shop (another shop's id is a 404, as for a user who is not part of it), and the key must hold the route's scope.
 * The key then acts as its creator would as a USER whose permissions are its scopes (the shop scope below), counted
 * per key in the shared rate limiter.
 */
async function authenticateKey(app: FastifyInstance, req: FastifyRequest, value: string) {
  const { db, clock, rateLimiter, config } = app.services;
  const key = await resolveApiKey(db, value, clock.now());
  const shopId = (req.params as Record<string, string> | undefined)?.shopId;
  if (req.routeOptions.config.shopRole && shopId !== key.shopId) throw notFound('shop', shopId ?? '');
  const scope = apiKeyScopeFor(req.method, req.routeOptions.url, req.params);
  if (!scope) throw forbidden(apiKeyMessages.routeRefused);
  if (!key.scopes.includes(scope)) throw forbidden(apiKeyNeedsScope(scope));
  await rateLimiter.enforce([{ key: `api-key:${key.id}`, limit: config.apiKeys.perMinute }], 60);
  req.apiKey = { id: key.id, name: key.name, shopId: key.shopId, scopes: key.scopes };
  // Every log line of the request names the key (its creator's id alone would not say the key did it).
  req.log = req.log.child({ apiKey: key.id });
  return {
    ...key.user,
    emailVerified: true,
    isSuperAdmin: false,
    sessionId: '',
    provedAt: null,
    twoFactorSetupOnly: false,
  } satisfies AuthUser;
}

/**
 * The caller's role on a shop and what it lets them do; 404 (not 403) for a shop they are not part of, so ids of
 * other tenants reveal nothing.
 */
async function shopAccessOf(
  app: FastifyInstance,
  user: AuthUser,
  shopId: string,
): Promise<{ role: ShopRole; permissions: StaffPermissions }> {
  if (!isUuid(shopId)) throw notFound('shop', shopId);
  const access = await actingAccess(shopId, app.services.db, user);
  if (!access) throw notFound('shop', shopId);
  return access;
}

/**
 * Enforces each route's `config.auth` (default: verified user). Shop roles are the shop scope's job (below).
 * Secure by default: a route must opt out explicitly with auth: 'public'.
 */
export const guard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('shopRole', null);
  app.decorateRequest('staffPermissions', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config;
    if (!req.routeOptions.url) return; // not-found handler
    const level = cfg.auth ?? 'verified';
    const key = apiKeyOf(req.headers.authorization);
    if (level === 'public') {
      // Public routes may still know who is calling (e.g. the invitation screen); a key is nobody there (it must
      // never accept an invitation as its creator).
      if (req.headers.authorization && !key) req.user = await authenticate(app, req);
      return;
    }
    if (key) {
      req.user = await authenticateKey(app, req, key);
      return;
    }
    req.user = await authenticate(app, req);
    if (!req.user) throw unauthorized();
    // Server-enforced: whatever the console shows, such a session reaches nothing but the set-up.
    if (req.user.twoFactorSetupOnly && !cfg.twoFactorSetup) throw forbidden(twoFactorMessages.setupRequired, 'TWO_FACTOR_SETUP_REQUIRED');
    if (level === 'session') return;
    if (!req.user.emailVerified) throw forbidden(messages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
    if (level === 'superAdmin' && !req.user.isSuperAdmin) throw forbidden();
  });
});

/** Route options registered inside a shop scope; a shopRole anywhere else would be enforced by nobody. */
const scopedRoutes = new WeakSet<object>();
export const isShopScoped = (routeOptions: object) => scopedRoutes.has(routeOptions);

/**
 * Makes `app` (an encapsulated plugin registered with the prefix `/:shopId`) a shop scope: every route in it needs
 * membership of that shop (`shopRole: 'USER'`) unless it says `shopRole: 'ADMIN'` or opts out with `shopRole: false`.
 * A route may also name the staff permission a USER needs (`staffPermission: 'catalog'`). The role and the caller's
 * permissions are resolved once per request, after the guard has authenticated the caller, into `req.shopRole` and
 * `req.staffPermissions`.
 */
export function shopScope(app: FastifyInstance) {
  app.addHook('onRoute', (opts) => {
    scopedRoutes.add(opts);
    if (opts.config?.shopRole === undefined) opts.config = { ...opts.config, shopRole: 'USER' };
  });
  app.addHook('onRequest', async (req) => {
    const need = req.routeOptions.config.shopRole;
    if (!need) return;
    // A public route that still wants a shop role: the guard let an anonymous caller through.
    if (!req.user) throw unauthorized();
    const shopId = (req.params as Record<string, string>).shopId;
    // The guard has checked the key's shop and the route's scope; the key is a USER with its scopes' permissions.
    const access = req.apiKey
      ? { role: 'USER' as const, permissions: apiKeyPermissions(req.apiKey.scopes) }
      : await shopAccessOf(app, req.user, shopId);
    req.shopRole = access.role;
    req.staffPermissions = access.permissions;
    if (need === 'ADMIN' && req.shopRole !== 'ADMIN') throw forbidden();
    const permission = req.routeOptions.config.staffPermission;
    if (permission && !access.permissions[permission]) throw forbidden(staffPermissionDenied(permission));
  });
}
