import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shortlinkInputSchema, shortlinkSchema, type Shortlink } from '../../../domain/shortlink';
import { shortlinkServerMessages } from './messages';
import { AppError } from '../../infra/http/errors';
import { shopParams } from '../../infra/http/params';
import { validBody } from '../../infra/http/validBody';
import { changeShortlink, createShortlink, loadShortlink, type ShortlinkRow } from './repo';

const body = z
  .record(z.string(), z.unknown())
  .describe('{ code }: 4 to 32 characters of A-Z, a-z, 0-9, - and _ (domain/shortlink.ts shortlinkInputSchema)');

/**
 * /shops/:shopId/shortlink: the shop's short link, {PUBLIC_URL}/s/{code}, which sends customers to its ordering page
 * (routesSite.ts). Members read it; ADMINs create it (a generated code) and choose its code.
 */
const shortlink: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.services;
  const json = (row: ShortlinkRow): Shortlink => ({
    code: row.code,
    url: `${config.publicUrl}/s/${row.code}`,
    updatedAt: row.updatedAt.toISOString(),
  });

  app.get(
    '/shortlink',
    { schema: { tags: ['shortlink'], summary: "The shop's short link", params: shopParams, response: { 200: shortlinkSchema } } },
    async (req) => {
      const row = await loadShortlink(req.params.shopId, app.services.db);
      if (!row) throw new AppError(404, shortlinkServerMessages.noShortlink, 'NOT_FOUND');
      return json(row);
    },
  );
  app.post(
    '/shortlink',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['shortlink'],
        summary: 'Create the short link with a generated code',
        description: 'Empty body. 201 with a new link; 200 with the one the shop already has.',
        params: shopParams,
        response: { 200: shortlinkSchema, 201: shortlinkSchema },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const { created, row } = await createShortlink(req.params.shopId, db, req.user!.id, clock.now());
      return reply.status(created ? 201 : 200).send(json(row));
    },
  );
  app.put(
    '/shortlink',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['shortlink'],
        summary: "Set the short link's code",
        description: 'The old code stops working at once. 409 when another shop holds the code, in any case.',
        params: shopParams,
        body,
        response: { 200: shortlinkSchema },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { code } = validBody(shortlinkInputSchema, req.body);
      return json(await changeShortlink(req.params.shopId, db, code, req.user!.id, clock.now()));
    },
  );
};
export default shortlink;
