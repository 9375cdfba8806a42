import crypto from 'node:crypto';
import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { barePool } from './harness';

/*
 * The baseline for GET /api/storefront/shops/:shopId/posts: plain Fastify and pg doing the same work as the real
 * route: the PUBLISHED-shop check, one page of live posts (21 rows to know whether more follow), the same JSON with
 * absolute media URLs, its ETag, and 304 for a matching If-None-Match. Queries are named (prepared once per
 * connection), as the app's drizzle queries are planned, so the comparison is of everything else.
 */
const SHOP = `SELECT id FROM shops WHERE id = $1 AND listing_status = 'PUBLISHED'`;
const LIVE = `SELECT id, title, description, price_cents, aspect_ratio, images, publish_at, publish_at::text AS publish_at_text,
    expire_at, created_at, updated_at
  FROM posts WHERE shop_id = $1 AND publish_at <= $2 AND (expire_at IS NULL OR expire_at > $2)
  ORDER BY publish_at DESC, id DESC LIMIT $3`;

interface Row {
  id: string;
  title: string;
  description: string;
  price_cents: number | null;
  aspect_ratio: string | null;
  images: { path: string }[];
  publish_at: Date;
  publish_at_text: string;
  expire_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export async function bareStorefrontPostsApp(
  url: string,
  publicUrl: string,
  poolMax: number,
): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined);
  const media = `${publicUrl}/api/media/`;
  const app = fastify();
  app.get('/api/storefront/shops/:shopId/posts', async (req, reply) => {
    const { shopId } = req.params as { shopId: string };
    const shop = await pool.query({ name: 'bare_shop', text: SHOP, values: [shopId] });
    if (!shop.rowCount) return reply.status(404).send({ message: `Cannot find shop with id ${shopId}`, code: 'NOT_FOUND' });
    const { rows } = await pool.query<Row>({ name: 'bare_live', text: LIVE, values: [shopId, new Date(), 21] });
    const page = rows.slice(0, 20);
    const last = page.at(-1);
    const body = JSON.stringify({
      data: page.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        price: r.price_cents == null ? null : Math.round(r.price_cents) / 100,
        images: {
          aspectRatio: r.aspect_ratio,
          images: r.images.map(({ path }) => ({
            path,
            url: media + path,
            sizes: { '300': `${media}${path}?w=300`, '130': `${media}${path}?w=130` },
          })),
        },
        publishAt: r.publish_at.toISOString(),
        expireAt: r.expire_at?.toISOString() ?? null,
        created: r.created_at.toISOString(),
        updated: r.updated_at.toISOString(),
      })),
      nextCursor: rows.length > 20 && last ? Buffer.from(JSON.stringify([last.publish_at_text, last.id])).toString('base64url') : null,
    });
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('ETag', etag).header('Cache-Control', 'public, no-cache').header('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  return { app, pool };
}
