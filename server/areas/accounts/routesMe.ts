import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '../../../domain/account';
import preferences from './routesPreferences';
import security from './routesSecurity';

/** GET /me: the signed-in user, as the guard just loaded it from the database, and their preferences. Unverified users may ask. */
const me: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'session' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (req) => {
      const { id, email, name, emailVerified, isSuperAdmin } = req.user!;
      return { id, email, name, emailVerified, isSuperAdmin };
    },
  );
  await app.register(preferences);
  await app.register(security);
};
export default me;
