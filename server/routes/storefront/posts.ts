import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../../domain/constants';
import { fromCents } from '../../../domain/money';
import { POST_ASPECTS, type PostAspect } from '../../../domain/post';
import { decodeCursor, encodeCursor } from '../../infra/http/cursor';
import { loadBillboards } from '../../repos/billboards';
import { livePosts } from '../../repos/posts';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { VARIANT_WIDTHS } from '../../infra/images/encode';
import { sendCacheable } from '../../infra/storefront/cacheable';

const params = z.object({ shopId: z.string().describe('Shop id (uuid)') });

/** An image as customers' apps load it: absolute URLs of the full image and of each CDN width (spec 1 §9). */
const mediaImage = z.object({
  path: z.string(),
  url: z.string().describe('The full-size image'),
  sizes: z.record(z.string(), z.string()).describe('URL per width in pixels: "300" (thumbnails), "130" (posts)'),
});

const livePost = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().nullable(),
  images: z.object({ aspectRatio: z.enum(POST_ASPECTS).nullable(), images: z.array(mediaImage) }),
  publishAt: z.string(),
  expireAt: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});

/**
 * GET /storefront/shops/:shopId/posts and /billboards: what a PUBLISHED shop shows in its customers' app. Both
 * answer ETag / 304; the posts' body changes by itself when a scheduled post goes live or one expires.
 */
const storefrontPosts: FastifyPluginAsyncZod = async (app) => {
  const mediaBase = `${app.services.config.publicUrl}/api/media/`;
  const mediaOf = ({ path }: { path: string }) => ({
    path,
    url: mediaBase + path,
    sizes: Object.fromEntries(VARIANT_WIDTHS.map((w) => [String(w), `${mediaBase}${path}?w=${w}`])),
  });

  app.get(
    '/shops/:shopId/posts',
    {
      schema: {
        tags: ['storefront'],
        summary: "A published shop's live posts, most recently published first, 20 at a time",
        description: "Pass the previous answer's nextCursor as cursor for the next page; null on the last. ETag / If-None-Match answer 304.",
        params,
        querystring: z.object({ cursor: z.string().max(300).optional() }),
        response: { 200: z.object({ data: z.array(livePost), nextCursor: z.string().nullable() }) },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const shop = await publishedShop(db, req.params.shopId);
      const after = req.query.cursor ? decodeCursor(req.query.cursor) : null;
      const { rows, more } = await livePosts(shop.id, db, clock.now(), after, PAGE_SIZE);
      const last = rows.at(-1);
      const body = {
        data: rows.map((r) => ({
          id: r.id,
          title: r.title,
          description: r.description,
          price: r.priceCents == null ? null : fromCents(r.priceCents),
          images: { aspectRatio: (r.aspectRatio as PostAspect | null) ?? null, images: r.images.map(mediaOf) },
          publishAt: r.publishAt!.toISOString(),
          expireAt: r.expireAt?.toISOString() ?? null,
          created: r.createdAt.toISOString(),
          updated: r.updatedAt.toISOString(),
        })),
        nextCursor: more && last ? encodeCursor(last.publishAtText, last.id) : null,
      };
      return sendCacheable(req, reply, JSON.stringify(body));
    },
  );

  app.get(
    '/shops/:shopId/billboards',
    {
      schema: {
        tags: ['storefront'],
        summary: "A published shop's billboards in order, with absolute image URLs at the CDN widths",
        params,
        response: { 200: z.object({ images: z.array(mediaImage) }) },
      },
    },
    async (req, reply) => {
      const { db } = app.services;
      const shop = await publishedShop(db, req.params.shopId);
      const images = await loadBillboards(shop.id, db);
      return sendCacheable(req, reply, JSON.stringify({ images: images.map(mediaOf) }));
    },
  );
};
export default storefrontPosts;
