import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';
import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { barePool } from './harness';
import { buildStorefrontMenu } from '../domain/catalog/storefrontMenu';
import { currencyOf } from '../domain/money';
import { readSettings, SETTINGS } from '../domain/settings';
import { readMenu } from '../server/areas/catalog/repoMenu';
import { itemJson, type ItemRow } from '../server/areas/catalog/repo';

/*
 * The baseline for GET /api/storefront/shops/:shopId/menu: plain Fastify and pg, no zod, no drizzle, no plugins,
 * doing the same work as the real route: one named query for the shop's PUBLISHED state and catalog version, the
 * serialized menu kept per shop and version (built with the same domain function from raw rows), ETag and 304.
 */
const STAMP = `SELECT s.name, s.country, s.timezone, coalesce(v.version, 1)::text AS version
  FROM shops s LEFT JOIN catalog_versions v ON v.shop_id = s.id WHERE s.id = $1 AND s.listing_status = 'PUBLISHED'`;

export async function bareMenuApp(url: string, poolMax: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined);
  const cache = new Map<string, { key: string; body: string; etag: string; gzip: Buffer }>();
  const app = fastify();
  app.get('/api/storefront/shops/:shopId/menu', async (req, reply) => {
    const { shopId } = req.params as { shopId: string };
    const { rows } = await pool.query({ name: 'bare_stamp', text: STAMP, values: [shopId] });
    if (!rows.length) return reply.status(404).send({ message: `Cannot find shop with id ${shopId}`, code: 'NOT_FOUND' });
    const s = rows[0] as { name: string; country: string; timezone: string; version: string };
    const key = `${s.version} ${s.timezone} ${s.country} ${s.name}`;
    let hit = cache.get(shopId);
    if (!hit || hit.key !== key) {
      const [itemRows, docs] = await Promise.all([
        pool.query(
          `SELECT shop_id, id, type, name, description, price_cents, doc, sold_out, sold_out_until, created_at, updated_at
           FROM items WHERE shop_id = $1`,
          [shopId],
        ),
        pool.query(`SELECT kind, value FROM shop_settings WHERE shop_id = $1 AND kind IN ('menu', 'pizza', 'delivery')`, [shopId]),
      ]);
      const doc = (kind: string) => docs.rows.find((d) => d.kind === kind)?.value;
      const items = itemRows.rows.map((r) =>
        itemJson({
          ...r,
          shopId: r.shop_id,
          priceCents: r.price_cents,
          soldOut: r.sold_out,
          soldOutUntil: r.sold_out_until,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
        } as ItemRow),
      );
      const { body } = buildStorefrontMenu({
        shop: { id: shopId, name: s.name, currency: currencyOf(s.country), timezone: s.timezone },
        menu: readMenu(doc('menu')),
        items,
        pizza: readSettings(SETTINGS.pizza, doc('pizza')),
        delivery: readSettings(SETTINGS.delivery, doc('delivery')),
        now: new Date(),
      });
      const json = JSON.stringify(body);
      hit = { key, body: json, etag: `"${crypto.createHash('sha1').update(json).digest('base64url')}"`, gzip: gzipSync(json) };
      cache.set(shopId, hit);
    }
    reply.header('ETag', hit.etag).header('Cache-Control', 'public, no-cache');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.header('Content-Encoding', 'gzip').send(hit.gzip);
    return hit.body;
  });
  return { app, pool };
}
