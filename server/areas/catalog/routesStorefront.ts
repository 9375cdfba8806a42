import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildStorefrontMenu } from '../../../domain/catalog/storefrontMenu';
import { currencyOf } from '../../../domain/money';
import { notFound } from '../../infra/http/errors';
import { catalogStamp, loadCatalog, type CatalogStamp } from './repoStorefrontMenu';
import { etagOf, isFresh, sendCacheable } from '../../infra/storefront/cacheable';
import { coalesce, MenuCache } from './menuCache';
import { storefrontMenuResponse } from './storefrontMenuSchema';

/** Shops whose menu one process keeps serialized (about 100 KB for 200 items). */
const CACHED_SHOPS = 2000;
/** Even a menu with no time-driven change is rebuilt this often, a bound on anything a trigger could miss. */
const MAX_AGE_MS = 10 * 60_000;

/** The menu's JSON, compressed once when it was cached (the body stays what the schema documents, in gzip). */
const sendGzipped = (reply: FastifyReply, gzip: Buffer, etag: string) =>
  reply
    .header('ETag', etag)
    .header('Cache-Control', 'public, no-cache')
    .header('Vary', 'Accept-Encoding')
    .header('Content-Encoding', 'gzip')
    .type('application/json; charset=utf-8')
    .send(gzip);

/**
 * GET /storefront/shops/:shopId/menu: what customers' apps load first. One cheap query per request (PUBLISHED?
 * catalog version?); the body is built only when the version, the time zone or the clock says it changed.
 */
const menu: FastifyPluginAsyncZod = async (app) => {
  const cache = new MenuCache(CACHED_SHOPS);
  const stamps = coalesce<CatalogStamp | null>();
  app.get(
    '/shops/:shopId/menu',
    {
      schema: {
        tags: ['storefront'],
        summary: "A PUBLISHED shop's menu for customers: categories in order with the items on offer now",
        description:
          'Sold-out items, values and toppings and items outside their days or time of day are left out. ' +
          'Answers ETag; 304 to a matching If-None-Match.',
        params: z.object({ shopId: z.string() }),
        response: { 200: storefrontMenuResponse },
      },
    },
    async (req, reply) => {
      const { db, pool, clock } = app.services;
      const { shopId } = req.params;
      const stamp = await stamps(shopId, () => catalogStamp(pool, shopId));
      if (!stamp) throw notFound('shop', shopId);
      const now = clock.now();
      // The shop's name, country and zone are in the body too; a change to them is a change of the menu.
      const key = `${stamp.version} ${stamp.timezone} ${stamp.country} ${stamp.name}`;
      const menuNow = await cache.get(shopId, key, now.getTime(), async () => {
        const catalog = await loadCatalog(db, shopId);
        const { body, nextChange } = buildStorefrontMenu({
          shop: { id: shopId, name: stamp.name, currency: currencyOf(stamp.country), timezone: stamp.timezone },
          ...catalog,
          now,
        });
        const json = JSON.stringify(body);
        const validUntil = Math.min(nextChange?.getTime() ?? Infinity, now.getTime() + MAX_AGE_MS);
        return { key, validUntil, body: json, etag: etagOf(json), gzip: gzipSync(json) };
      });
      if (!isFresh(req, menuNow.etag) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        return sendGzipped(reply, menuNow.gzip, menuNow.etag);
      }
      return sendCacheable(req, reply, menuNow.body, menuNow.etag);
    },
  );
};
export default menu;
