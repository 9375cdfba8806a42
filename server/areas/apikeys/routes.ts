import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyInputSchema, apiKeyMessages, apiKeySchema, API_KEY_SCOPES, createdApiKeySchema } from '../../../domain/apiKeys';
import { badRequest } from '../../infra/http/errors';
import { shopParams } from '../../infra/http/params';
import { apiError } from '../../infra/http/schemas';
import { validBody } from '../../infra/http/validBody';
import { listApiKeys, revokeApiKey } from './repo';
import { createApiKey } from './service';
import { requireStepUp } from '../../infra/auth/stepUp';

const tags = ['api keys'];
const body = z
  .record(z.string(), z.unknown())
  .describe(
    `{ name (1 to 60 characters), scopes (at least one of ${API_KEY_SCOPES.join(', ')}), expiresAt? (an ISO instant in ` +
      'the future) } (domain/apiKeys.ts apiKeyInputSchema)',
  );

/**
 * /shops/:shopId/api_keys: the keys integrations use instead of a login (Authorization: Bearer srv_…). Only the
 * shop's ADMINs (and super admins) see and manage them; the guard refuses keys here whatever their scopes.
 */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/api_keys',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: "The shop's API keys, newest first (never their values)",
        params: shopParams,
        response: { 200: z.array(apiKeySchema) },
      },
    },
    async (req) => listApiKeys(req.params.shopId, services.db, services.clock.now()),
  );

  app.post(
    '/api_keys',
    {
      preHandler: requireStepUp,
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: 'Create an API key; its value is answered this once',
        description:
          'The key (srv_ followed by 43 characters) acts on this shop only, within its scopes, until it expires or is ' +
          'revoked. Only its SHA-256 is kept: a lost key cannot be shown again, only replaced.',
        params: shopParams,
        body,
        response: { 201: createdApiKeySchema, 400: apiError },
      },
    },
    async (req, reply) => {
      const input = validBody(apiKeyInputSchema, req.body);
      const now = services.clock.now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt <= now)
        throw badRequest(apiKeyMessages.expiryInPast, { expiresAt: apiKeyMessages.expiryInPast }, 'VALIDATION');
      const created = await createApiKey(req.params.shopId, services.db, { ...input, expiresAt }, req.user!.id, now);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api_keys/:keyId',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: 'Revoke an API key',
        description: 'The key stops working at once and stays in the list as revoked. Revoking it again changes nothing.',
        params: shopParams.extend({ keyId: z.string() }),
        response: { 200: apiKeySchema, 404: apiError },
      },
    },
    async (req) => revokeApiKey(req.params.shopId, services.db, req.params.keyId, req.user!.id, services.clock.now()),
  );
};
export default apiKeysRoutes;
