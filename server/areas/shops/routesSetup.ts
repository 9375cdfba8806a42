import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupSchema, type Setup } from '../../../domain/setup';
import type { Db } from '../../infra/db/client';
import { shopParams } from '../../infra/http/params';
import type { FastifyInstance } from 'fastify';
import { recordShared } from './repoSetup';

async function readSetup(app: FastifyInstance, db: Db, shopId: string): Promise<Setup> {
  const steps = await Promise.all(app.setupRules.map(async ({ key, done }) => ({ key, done: await done(db, shopId) })));
  return { steps, complete: steps.every((s) => s.done) };
}

/**
 * GET /shops/:shopId/setup: the set-up checklist, each step read from the shop's data (the areas' rules);
 * POST /shops/:shopId/setup/shared: the owner copied or opened the ordering page link. Both for the shop's admins.
 */
const setup: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setup',
    {
      config: { shopRole: 'ADMIN' },
      schema: { tags: ['shops'], summary: "The shop's set-up checklist", params: shopParams, response: { 200: setupSchema } },
    },
    async (req) => readSetup(app, app.services.db, req.params.shopId),
  );

  app.post(
    '/setup/shared',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['shops'],
        summary: 'Record that the ordering page link was shared',
        description: "Ticks the checklist's share step (kept once ticked); answers the checklist.",
        params: shopParams,
        response: { 200: setupSchema },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      await recordShared(req.params.shopId, db, req.user!.id, clock.now());
      return readSetup(app, db, req.params.shopId);
    },
  );
};
export default setup;
