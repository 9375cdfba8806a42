import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readLimiter } from '../../infra/storefront/readLimit';
// posts
import posts from './posts';
// settings area
import hours from './hours';
import menu from './menu'; // catalog
import devices from './devices';
import orders from './orders'; // orders (issue 10)

/**
 * /storefront: the customers' API that shops' apps call. No console login: every route here is public unless it
 * says otherwise, answers only for PUBLISHED shops (repos/publishedShop.ts), and cacheable reads go through
 * cacheable.ts (ETag / 304). GET requests count against a per-IP read limit; writes count against the shared
 * per-IP limiter in their own handlers. Each area registers its routes from its own file below, one line each.
 */
const storefront: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (opts) => {
    if (opts.config?.auth === undefined) opts.config = { ...opts.config, auth: 'public' };
  });
  const limitRead = readLimiter(app.services.config.storefront.readsPerMinute);
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD') limitRead(req);
  });
  // Areas (one line each):
  await app.register(posts); // posts
  await app.register(hours); // settings area
  await app.register(menu); // catalog
  await app.register(devices); // apps
  await app.register(orders); // orders (issue 10)
};
export default storefront;
