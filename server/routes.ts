import type { FastifyInstance } from 'fastify';
import health from './infra/http/health';
import uploads from './infra/images/routesUploads';
import media from './infra/images/routesMedia';
import { shopScope } from './infra/auth/guard';
import { storefrontScope } from './infra/storefront/scope';
import { eventRegistry } from './infra/events';
import { eventStream } from './infra/events/stream';
import { eventFeed } from './infra/events/feed';
import { ROUTE_PREFIXES, SHOP_SCOPED, type AreaManifest, type RouteSlot } from './areas/types';

/**
 * Every route of the API (and the public site paths outside it, the site slot): the infrastructure's own (health,
 * uploads, media), then each area's routes at the prefix of their slot. The shop-scoped slots (/shops/:shopId,
 * /cafes/:shopId, /reports/shops/:shopId, /stripe/shops/:shopId) share one shop scope, which resolves the caller's
 * role once per request; the shop's live event stream and its paged feed sit there too, delivering the event types
 * the areas declare.
 */
export async function registerRoutes(app: FastifyInstance, areas: readonly AreaManifest[]) {
  await app.register(health, { prefix: '/api/health' });
  await app.register(uploads, { prefix: '/api/uploads' });
  await app.register(media, { prefix: '/api/media' });

  const mount = async (scope: FastifyInstance, slot: RouteSlot) => {
    for (const area of areas) {
      const plugin = area.routes[slot];
      if (plugin) await scope.register(plugin, { prefix: ROUTE_PREFIXES[slot] });
    }
  };
  await app.register(async (scope) => {
    shopScope(scope);
    const registry = shopEventRegistry(areas);
    await scope.register(eventStream(registry), { prefix: ROUTE_PREFIXES.shop });
    await scope.register(eventFeed(registry), { prefix: ROUTE_PREFIXES.shop });
    for (const slot of SHOP_SCOPED) await mount(scope, slot);
  });
  await app.register(async (scope) => {
    storefrontScope(scope);
    await mount(scope, 'storefront');
  });
  for (const slot of ['root', 'platform', 'whitelabel', 'site'] as const) await mount(app, slot);
}

/** The areas' event types; a settings kind announcing a type no area declares stops the start too. */
export function shopEventRegistry(areas: readonly AreaManifest[]) {
  const registry = eventRegistry(areas);
  for (const area of areas)
    for (const [name, kind] of Object.entries(area.settingsKinds ?? {}))
      if (kind.event && !Object.hasOwn(registry, kind.event))
        throw new Error(`Settings kind ${name} announces ${kind.event}, which no area declares`);
  return registry;
}
