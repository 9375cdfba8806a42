import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeStripePk, remoteConfigSchema } from '../../../domain/platform';
import { platformSecuritySchema } from '../../../domain/shopSecurity';
import { requireStepUp } from '../../infra/auth/stepUp';
import { readPlatformSecurity, savePlatformSecurity } from '../../infra/db/platformSecurity';
import { readRemoteConfig, saveRemoteConfig } from './repoConfig';

/** The payment connection switch's remote config (super admins) and the publishable key every console loads. */
const platform: FastifyPluginAsyncZod = async (app) => {
  const remoteConfigResult = z.object({ switchToCustomConnect: z.boolean(), stripePk: z.string(), oldStripePk: z.string() });

  app.get(
    '/remote-config',
    {
      config: { auth: 'superAdmin' },
      schema: { tags: ['platform'], summary: 'Remote config of the payment connection switch', response: { 200: remoteConfigResult } },
    },
    async () => readRemoteConfig(app.services.db),
  );

  app.put(
    '/remote-config',
    {
      config: { auth: 'superAdmin' },
      schema: { tags: ['platform'], summary: 'Save the remote config', body: remoteConfigSchema, response: { 200: remoteConfigResult } },
    },
    async (req) => {
      const { db, clock } = app.services;
      await saveRemoteConfig(db, req.body, clock.now());
      return req.body;
    },
  );

  app.get(
    '/security',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags: ['platform'],
        summary: 'The platform’s security rules (whether super admins must use two-factor sign-in)',
        response: { 200: platformSecuritySchema },
      },
    },
    async () => readPlatformSecurity(app.services.db),
  );

  app.put(
    '/security',
    {
      config: { auth: 'superAdmin' },
      // Turning the rule off weakens every super admin's sign-in: a change of trust.
      preHandler: requireStepUp,
      schema: {
        tags: ['platform'],
        summary: 'Save the platform’s security rules; super admins without two-factor are taken to set it up at their next sign-in',
        body: platformSecuritySchema,
        response: { 200: platformSecuritySchema },
      },
    },
    async (req) => {
      await savePlatformSecurity(app.services.db, req.body, app.services.clock.now());
      return req.body;
    },
  );

  app.get(
    '/stripe-key',
    {
      schema: {
        tags: ['platform'],
        summary: 'The Stripe publishable key the console uses',
        description: 'The main-account key when the switch is on, else the v2-account key; empty when none is set.',
        response: { 200: z.object({ publishableKey: z.string() }) },
      },
    },
    async () => ({ publishableKey: activeStripePk(await readRemoteConfig(app.services.db)) }),
  );
};
export default platform;
