import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '../../../domain/account';
import preferences from './routesPreferences';
import security from './routesSecurity';
import stepUp from './routesStepUp';

/** GET /me: the signed-in user, as the guard just loaded it from the database, and their preferences. Unverified users may ask. */
const me: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'session', twoFactorSetup: true },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (req) => {
      const { id, email, name, emailVerified, isSuperAdmin, twoFactorSetupOnly } = req.user!;
      return { id, email, name, emailVerified, isSuperAdmin, ...(twoFactorSetupOnly && { twoFactorSetupRequired: true }) };
    },
  );
  await app.register(preferences);
  await app.register(security);
  await app.register(stepUp);
};
export default me;
