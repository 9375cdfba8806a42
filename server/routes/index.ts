import type { FastifyInstance } from 'fastify';
import health from '../infra/http/health';
import auth from './auth';
import me from './me';
import users from './users';
import uploads from '../infra/images/routesUploads';
import media from '../infra/images/routesMedia';
import shops from './shops';
import platform from './platform';
import storefront from './storefront';
// apps
import whitelabel from './whitelabel';
import buildRunner from './build-runner';
import reports from './reports';
// stripe (issue 13)
import stripe from './stripe';
// orders (issue 10)
import cafes from './cafes';

/** One plugin per URL area; the folder name is the URL under /api. */
export async function routes(app: FastifyInstance) {
  await app.register(health, { prefix: '/health' });
  await app.register(auth, { prefix: '/auth' });
  await app.register(me, { prefix: '/me' });
  await app.register(users, { prefix: '/users' });
  await app.register(uploads, { prefix: '/uploads' });
  await app.register(media, { prefix: '/media' });
  await app.register(shops, { prefix: '/shops' });
  await app.register(platform, { prefix: '/platform' });
  await app.register(storefront, { prefix: '/storefront' });
  // apps
  await app.register(whitelabel, { prefix: '/whitelabel' });
  await app.register(buildRunner, { prefix: '/build-runner' });
  await app.register(reports, { prefix: '/reports' });
  // stripe (issue 13)
  await app.register(stripe, { prefix: '/stripe' });
  // orders (issue 10)
  await app.register(cafes, { prefix: '/cafes' });
}
