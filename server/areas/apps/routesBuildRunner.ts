import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { appSchema, buildSchema, runnerStatusBody, runnerTokenBody, runnerTokenSchema } from '../../../domain/apps';
import { messages } from '../../../domain/messages';
import { unauthorized } from '../../infra/http/errors';
import { loadApp } from './repo';
import { claimBuild, createRunnerToken, listRunnerTokens, reportBuild, revokeRunnerToken, runnerTokenId } from './repoBuilds';
import { storeCredentials } from './serviceStores';
import { apiError } from '../../infra/http/schemas';

const claimAnswer = z.object({
  build: buildSchema.nullable(),
  app: appSchema.optional(),
  store: z
    .object({
      settings: z.record(z.string(), z.string().nullable()),
      secrets: z.record(z.string(), z.string()),
      files: z.record(z.string(), z.object({ name: z.string(), contentBase64: z.string() })),
    })
    .optional(),
});

/**
 * /build-runner: how a CI system moves builds on (README "Build runner"). Super admins manage the runners' tokens;
 * the runner's routes are public to the console's guard and check the runner's own bearer token instead.
 */
const buildRunner: FastifyPluginAsyncZod = async (app) => {
  const tags = ['build-runner'];
  const { services } = app;

  /** The live runner token in the Authorization header, or a 401. */
  async function runner(req: FastifyRequest): Promise<string> {
    const header = req.headers.authorization;
    const id = header?.startsWith('Bearer ') ? await runnerTokenId(services.db, header.slice(7).trim(), services.clock.now()) : null;
    if (!id) throw unauthorized(messages.runnerTokenInvalid);
    return id;
  }

  app.get(
    '/tokens',
    {
      config: { auth: 'superAdmin' },
      schema: { tags, summary: 'Runner tokens (never their values)', response: { 200: z.array(runnerTokenSchema) } },
    },
    async () => listRunnerTokens(services.db),
  );

  app.post(
    '/tokens',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags,
        summary: 'Create a runner token; its value is answered this once',
        body: runnerTokenBody,
        response: { 201: z.object({ id: z.string(), token: z.string(), record: runnerTokenSchema }) },
      },
    },
    async (req, reply) => reply.status(201).send(await createRunnerToken(services.db, req.body.name, req.user!.id, services.clock.now())),
  );

  app.delete(
    '/tokens/:id',
    {
      config: { auth: 'superAdmin' },
      schema: { tags, summary: 'Revoke a runner token', params: z.object({ id: z.uuid() }), response: { 204: z.null(), 404: apiError } },
    },
    async (req, reply) => {
      await revokeRunnerToken(services.db, req.params.id, services.clock.now());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/claim',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Claim the oldest REQUESTED build (now QUEUED) with its app and store credentials',
        description: 'Authorization: Bearer <runner token>. Answers { build: null } when nothing waits.',
        security: [{ bearer: [] }],
        response: { 200: claimAnswer, 401: apiError },
      },
    },
    async (req) => {
      const tokenId = await runner(req);
      const build = await claimBuild(services.db, tokenId, services.clock.now());
      if (!build) return { build: null };
      const [appRecord, store] = await Promise.all([
        loadApp(services.db, build.bundleId),
        storeCredentials(services.db, services.credentials, services.storage, build.bundleId, build.store),
      ]);
      return { build, app: appRecord, store };
    },
  );

  app.post(
    '/builds/:buildId/status',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Report a claimed build’s progress: RUNNING, SUCCESS or FAILURE',
        security: [{ bearer: [] }],
        params: z.object({ buildId: z.uuid() }),
        body: runnerStatusBody,
        response: { 200: buildSchema, 400: apiError, 401: apiError, 404: apiError, 409: apiError },
      },
    },
    async (req) => {
      const tokenId = await runner(req);
      return reportBuild(services.db, tokenId, req.params.buildId, req.body, services.clock.now());
    },
  );
};
export default buildRunner;
