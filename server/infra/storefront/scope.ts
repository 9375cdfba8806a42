import type { FastifyInstance } from 'fastify';
import { readLimiter } from './readLimit';

/**
 * Makes `app` (the encapsulated plugin at /api/storefront) the customers' API that shops' apps call. No console
 * login: every route in it is public unless it says otherwise, answers only for PUBLISHED shops (publishedShop.ts),
 * and cacheable reads go through cacheable.ts (ETag / 304). GET requests count against a per-IP read limit; writes
 * count against the shared per-IP limiter in their own handlers.
 */
export function storefrontScope(app: FastifyInstance) {
  app.addHook('onRoute', (opts) => {
    if (opts.config?.auth === undefined) opts.config = { ...opts.config, auth: 'public' };
  });
  const { config, clock } = app.services;
  const limitRead = readLimiter(config.storefront.readsPerMinute, () => clock.now().getTime());
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD') limitRead(req);
  });
}
