import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WEBHOOK_EVENT_TYPES,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookInputSchema,
  webhookPatchSchema,
  webhookWithSecretSchema,
} from '../../../domain/webhooks';
import { listQuery, sendRange } from '../../infra/db/list';
import { shopParams } from '../../infra/http/params';
import { apiError } from '../../infra/http/schemas';
import { validBody } from '../../infra/http/validBody';
import { EVENT_DESCRIPTIONS, webhookMessageSchema } from './catalogue';
import { deleteEndpoint, listEndpoints, loadEndpoint, presentEndpoint, updateEndpoint } from './repo';
import { listDeliveries, loadDelivery } from './repoDeliveries';
import { checkUrl, createEndpoint, resendDelivery, rollEndpointSecret, sendTestEvent } from './service';
import { requireStepUp } from '../../infra/auth/stepUp';
import { wakerOf } from './wake';

const tags = ['webhooks'];
const anyBody = (fields: string) => z.record(z.string(), z.unknown()).describe(fields);
const endpointParams = shopParams.extend({ endpointId: z.string() });
const deliveryParams = endpointParams.extend({ deliveryId: z.string() });
const TYPES = WEBHOOK_EVENT_TYPES.join(', ');

/**
 * /shops/:shopId/webhooks: the shop's webhook endpoints, their delivery logs, test events and resends. Only the shop's
 * ADMINs (and super admins); API keys are refused here (no scope names these routes).
 */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const admin = { shopRole: 'ADMIN' as const };
  const now = () => services.clock.now();

  app.get(
    '/webhooks/event_types',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The webhook event catalogue',
        description:
          "Each type an endpoint may subscribe to, with one line on when it is sent and what its data is. A delivery's " +
          'payload (GET …/deliveries/{deliveryId}) is documented per type.',
        params: shopParams,
        response: { 200: z.array(z.object({ type: z.enum(WEBHOOK_EVENT_TYPES), description: z.string() })) },
      },
    },
    async () => WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })),
  );

  app.get(
    '/webhooks',
    {
      config: admin,
      schema: {
        tags,
        summary: "The shop's webhook endpoints, newest first (never their secrets)",
        params: shopParams,
        response: { 200: z.array(webhookEndpointSchema) },
      },
    },
    async (req) => (await listEndpoints(req.params.shopId, services.db)).map((r) => presentEndpoint(r, now())),
  );

  app.post(
    '/webhooks',
    {
      preHandler: requireStepUp,
      config: admin,
      schema: {
        tags,
        summary: 'Add a webhook endpoint; its signing secret is answered this once',
        description:
          'Events are POSTed to the URL signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature ' +
          '`v1,<base64 HMAC-SHA256>`) with the secret (whsec_…). The URL must be https and every address its host ' +
          'resolves to public. The endpoint receives what happens from now on, in order.',
        params: shopParams,
        body: anyBody(`{ url (https), eventTypes (at least one of ${TYPES}), description? (up to 200 characters) } (domain/webhooks.ts)`),
        response: { 201: webhookWithSecretSchema, 400: apiError },
      },
    },
    async (req, reply) => {
      const input = validBody(webhookInputSchema, req.body);
      return reply.status(201).send(await createEndpoint(services, req.params.shopId, input, req.user!.id));
    },
  );

  app.get(
    '/webhooks/:endpointId',
    {
      config: admin,
      schema: { tags, summary: 'One webhook endpoint', params: endpointParams, response: { 200: webhookEndpointSchema, 404: apiError } },
    },
    async (req) => presentEndpoint(await loadEndpoint(req.params.shopId, services.db, req.params.endpointId), now()),
  );

  app.put(
    '/webhooks/:endpointId',
    {
      // Pointing the shop's events at another address moves trust as adding an endpoint does; switching off does not.
      preHandler: (req, reply) =>
        (req.body as { url?: unknown } | null)?.url === undefined ? Promise.resolve() : requireStepUp(req, reply),
      config: admin,
      schema: {
        tags,
        summary: 'Change a webhook endpoint, or switch it off or on',
        description:
          'Any of url, eventTypes, description, enabled. Switching it off fails the deliveries waiting for it (each can ' +
          'be resent); switching it on starts it from the next event (what happened meanwhile is in the events feed).',
        params: endpointParams,
        body: anyBody('{ url?, eventTypes?, description?, enabled? } (domain/webhooks.ts webhookPatchSchema)'),
        response: { 200: webhookEndpointSchema, 400: apiError, 404: apiError },
      },
    },
    async (req) => {
      const { shopId, endpointId } = req.params;
      const patch = validBody(webhookPatchSchema, req.body);
      await loadEndpoint(shopId, services.db, endpointId);
      const url = patch.url === undefined ? undefined : await checkUrl(services, patch.url);
      const row = await updateEndpoint(shopId, services.db, endpointId, { ...patch, url });
      if (row.enabled) await wakerOf(services).watch(shopId);
      return presentEndpoint(row, now());
    },
  );

  app.delete(
    '/webhooks/:endpointId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: endpointParams,
        response: { 204: z.null(), 404: apiError },
      },
    },
    async (req, reply) => {
      await deleteEndpoint(req.params.shopId, services.db, req.params.endpointId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:endpointId/roll_secret',
    {
      preHandler: requireStepUp,
      config: admin,
      schema: {
        tags,
        summary: "Replace the endpoint's signing secret; the new one is answered this once",
        description:
          'For 24 hours every message carries two signatures, the new secret\u2019s and the old one\u2019s, so receivers can move over.',
        params: endpointParams,
        response: { 200: webhookWithSecretSchema, 404: apiError },
      },
    },
    async (req) => rollEndpointSecret(services, req.params.shopId, req.params.endpointId),
  );

  app.post(
    '/webhooks/:endpointId/test',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Send a test event (webhook.test) to the endpoint now',
        description: 'One attempt, outside the endpoint\u2019s queue; its outcome appears in the delivery log.',
        params: endpointParams,
        response: { 202: webhookDeliverySchema, 404: apiError, 409: apiError },
      },
    },
    async (req, reply) => reply.status(202).send(await sendTestEvent(services, req.params.shopId, req.params.endpointId)),
  );

  app.get(
    '/webhooks/:endpointId/deliveries',
    {
      config: admin,
      schema: {
        tags,
        summary: "The endpoint's delivery log, newest first",
        description:
          'ra-data-simple-rest list (range, default 0-19). Each delivery with every attempt: time, status code, latency ' +
          'and the first kilobyte of the answer.',
        params: endpointParams,
        querystring: listQuery(['createdAt'] as const, {}),
        response: { 200: z.array(webhookDeliverySchema), 404: apiError },
      },
    },
    async (req, reply) => {
      const { shopId, endpointId } = req.params;
      await loadEndpoint(shopId, services.db, endpointId);
      const range = req.query.range ?? ([0, 19] as [number, number]);
      const { rows, total } = await listDeliveries(shopId, services.db, endpointId, range);
      sendRange(reply, 'deliveries', range, rows.length, total);
      return rows;
    },
  );

  app.get(
    '/webhooks/:endpointId/deliveries/:deliveryId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One delivery, with the message it sends',
        description: 'payload is the body POSTed to the endpoint: { type, timestamp, data }, data per type as documented here.',
        params: deliveryParams,
        response: { 200: webhookDeliverySchema.extend({ payload: webhookMessageSchema }), 404: apiError },
      },
    },
    async (req) => loadDelivery(req.params.shopId, services.db, req.params.endpointId, req.params.deliveryId),
  );

  app.post(
    '/webhooks/:endpointId/deliveries/:deliveryId/resend',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Send a delivery again now (same webhook-id and body)',
        description:
          'One attempt at once, outside the endpoint\u2019s queue (so it may arrive before deliveries still waiting); a ' +
          'receiver that already has it deduplicates by webhook-id.',
        params: deliveryParams,
        response: { 202: webhookDeliverySchema, 404: apiError },
      },
    },
    async (req, reply) => {
      const { shopId, endpointId, deliveryId } = req.params;
      await loadEndpoint(shopId, services.db, endpointId);
      return reply.status(202).send(await resendDelivery(services, shopId, endpointId, deliveryId));
    },
  );
};
export default webhooksRoutes;
