import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../infra/http/errors';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { readLimiter } from '../../infra/storefront/readLimit';
import { shopOfCode } from './repo';
import { shortlinkConfig } from './config';
import { shortlinkServerMessages } from './messages';

const params = z.object({ code: z.string().max(64).describe('The short link code, in any case') });

/**
 * GET /s/:code: a shop's short link, sent on to its ordering page (ORDERING_PAGE_URL). Public. Every visit counts
 * against the customers' per-IP read limit; each unknown code also against the shared per-IP limit, so guessing
 * codes is slow while a shared link stays cheap to follow.
 */
const site: FastifyPluginAsyncZod = async (app) => {
  const { config, clock, rateLimiter, db } = app.services;
  const limitRead = readLimiter(config.storefront.readsPerMinute, () => clock.now().getTime());
  const { orderingPageUrl } = shortlinkConfig.of(config);
  const missing = () => new AppError(404, shortlinkServerMessages.shortlinkNotFound, 'NOT_FOUND');

  app.get(
    '/s/:code',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['shortlink'],
        summary: "Follow a shop's short link",
        description: "302 to the shop's ordering page; 404 for an unknown code or a shop that is not PUBLISHED.",
        params,
        response: { 302: z.null().describe('Location: the ordering page') },
      },
    },
    async (req, reply) => {
      limitRead(req);
      const shopId = await shopOfCode(db, req.params.code);
      if (!shopId) {
        await rateLimiter.enforce([{ key: `shortlink-miss:${req.ip}`, limit: config.rateLimit.perIp }], config.rateLimit.windowSeconds);
        throw missing();
      }
      const shop = await publishedShop(db, shopId).catch((e: unknown) => {
        if (e instanceof AppError && e.statusCode === 404) return null;
        throw e;
      });
      if (!shop) throw missing();
      return reply.redirect(orderingPageUrl.replaceAll('{shopId}', shop.id), 302);
    },
  );
};
export default site;
