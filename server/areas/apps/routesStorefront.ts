import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceBody } from '../../../domain/apps';
import { tooManyRequests } from '../../infra/http/errors';
import { registerDevice } from './repoDevices';
import { apiError } from '../../infra/http/schemas';

/** POST /storefront/apps/{bundleId}/devices: a customers' app registers its install (spec 2 §3 device record). */
const devices: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apps/:bundleId/devices',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Register a device, or refresh its record (same device_id)',
        params: z.object({ bundleId: z.string().min(1).max(200) }),
        body: deviceBody,
        response: { 200: z.object({ created: z.boolean() }), 201: z.object({ created: z.boolean() }), 400: apiError, 404: apiError, 429: apiError },
      },
    },
    async (req, reply) => {
      const { db, clock, rateLimiter, config } = app.services;
      if (!(await rateLimiter.hit([{ key: `devices:${req.ip}`, limit: config.devices.registrationsPerMinute }], 60))) throw tooManyRequests();
      const result = await registerDevice(db, req.params.bundleId, req.body, clock.now());
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
};
export default devices;
