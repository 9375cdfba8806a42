import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../../domain/constants';
import { fromCents } from '../../../domain/money';
import { POST_ASPECTS, type PostAspect } from '../../../domain/post';
import { decodeCursor, encodeCursor } from '../../infra/http/cursor';
import { livePosts } from './repo';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { mediaImage, mediaImageOf } from '../../infra/images/mediaImage';
import { sendCacheable } from '../../infra/storefront/cacheable';
import { logUnreadable, storedInstant } from '../../infra/db/storedInstant';

const params = z.object({ shopId: z.string().describe('Shop id (uuid)') });

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
 * GET /storefront/shops/:shopId/posts: the live posts a PUBLISHED shop shows in its customers' app. It answers
 * ETag / 304; the body changes by itself when a scheduled post goes live or one expires.
 */
const storefrontPosts: FastifyPluginAsyncZod = async (app) => {
  const mediaOf = mediaImageOf(app.services.config.publicUrl);

  app.get(
    '/shops/:shopId/posts',
    {
      schema: {
        tags: ['storefront'],
        summary: "A published shop's live posts, most recently published first, 20 at a time",
        description:
          "Pass the previous answer's nextCursor as cursor for the next page; null on the last. ETag / If-None-Match answer 304.",
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
        // A post whose publish time nothing can read is a draft (as the console shows it): not live, left out.
        data: rows.flatMap((r) => {
          const unreadable = logUnreadable(req.log, 'posts', r.id);
          const publishAt = storedInstant(r.publishAt, unreadable('publishAt'));
          if (!publishAt) return [];
          return {
            id: r.id,
            title: r.title,
            description: r.description,
            price: r.priceCents == null ? null : fromCents(r.priceCents),
            images: { aspectRatio: (r.aspectRatio as PostAspect | null) ?? null, images: r.images.map(mediaOf) },
            publishAt,
            expireAt: storedInstant(r.expireAt, unreadable('expireAt')),
            created: r.createdAt.toISOString(),
            updated: r.updatedAt.toISOString(),
          };
        }),
        nextCursor: more && last ? encodeCursor(last.publishAtText, last.id) : null,
      };
      return sendCacheable(req, reply, JSON.stringify(body));
    },
  );
};
export default storefrontPosts;
