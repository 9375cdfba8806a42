import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /users/is_super_admin: read from the database on this request (the guard loads the user fresh), so a demotion shows at once. */
const users: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/is_super_admin',
    {
      config: { auth: 'session', twoFactorSetup: true },
      schema: {
        tags: ['auth'],
        summary: 'Whether the signed-in user is a platform super admin',
        response: { 200: z.object({ isSuperAdmin: z.boolean() }) },
      },
    },
    async (req) => ({ isSuperAdmin: req.user!.isSuperAdmin }),
  );
};
export default users;
