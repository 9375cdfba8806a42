import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceBody } from '../../../domain/apps';
import { registerDevice } from './repoDevices';
import { apiError } from '../../infra/http/schemas';
import { appsConfig } from './config';
import { hashToken, randomToken } from '../../infra/auth/tokens';

const registered = z.object({
  created: z.boolean(),
  deviceSecret: z
    .string()
    .optional()
    .describe(
      'Only in the answer that registered the device: send it back as the X-Device-Secret header on every later registration ' +
        'of this device_id. It is not shown again.',
    ),
});

/** POST /storefront/apps/{bundleId}/devices: a customers' app registers its install (spec 2 §3 device record). */
const devices: FastifyPluginAsyncZod = async (app) => {
  const { registrationsPerMinute } = appsConfig.of(app.services.config).devices;
  app.post(
    '/apps/:bundleId/devices',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Register a device, or refresh its record (same device_id, with the X-Device-Secret its first registration returned)',
        description:
          'The first registration of a device_id answers 201 with a deviceSecret, returned only then. ' +
          'Later registrations of that device_id must send it in the X-Device-Secret header: they answer 200 and update the record; ' +
          'without it, or with another one, they answer 403 and change nothing.',
        params: z.object({ bundleId: z.string().min(1).max(200) }),
        headers: z
          .object({
            'x-device-secret': z
              .string()
              .max(200)
              .optional()
              .describe('The deviceSecret returned when this device_id was first registered'),
          })
          .loose(),
        body: deviceBody,
        response: { 200: registered, 201: registered, 400: apiError, 403: apiError, 404: apiError, 429: apiError },
      },
    },
    async (req, reply) => {
      const { db, clock, rateLimiter } = app.services;
      await rateLimiter.enforce([{ key: `devices:${req.ip}`, limit: registrationsPerMinute }], 60);
      const secret = randomToken();
      const presented = req.headers['x-device-secret'];
      const hashes = { secretHash: hashToken(secret), presentedHash: presented ? hashToken(presented) : null };
      const { created, secretStored } = await registerDevice(db, req.params.bundleId, req.body, hashes, clock.now());
      // The secret goes out only when this call stored it: a new device, or one recorded before secrets existed.
      return reply.status(created ? 201 : 200).send(secretStored ? { created, deviceSecret: secret } : { created });
    },
  );
};
export default devices;
