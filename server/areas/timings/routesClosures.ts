import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closureInputSchema, closureRangeQuery, closureSchema } from '../../../domain/closures';
import { messages } from '../../../domain/messages';
import { createClosure, deleteClosure, listClosures, updateClosure } from './repo';
import { shopParams } from '../../infra/http/params';
import { validBody } from '../../infra/http/validBody';

const closureParams = shopParams.extend({ closureId: z.string().describe('Closure id (uuid)') });

/**
 * /shops/:shopId/closures: closures and special hours by date (public holidays, a private event, 'closed today').
 * Members read them; ADMINs add, change and delete. They win over the weekly timings for sessions starting that date.
 */
const closures: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/closures',
    {
      schema: {
        tags: ['timings'],
        summary: "The shop's closures and special hours, in date order",
        params: shopParams,
        querystring: closureRangeQuery,
        response: { 200: z.array(closureSchema) },
      },
    },
    async (req) => listClosures(req.params.shopId, app.services.db, req.query),
  );
  app.post(
    '/closures',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['timings'],
        summary: 'Close the shop, or give special hours, on one date',
        description:
          '`{ date: "YYYY-MM-DD", note?, pickup?, delivery? }`: pickup/delivery `true` closed (default), `false` as usual, ' +
          'or `{ open: "HH:mm", duration }` special hours. One closure per date (409).',
        params: shopParams,
        body: z.record(z.string(), z.unknown()),
        response: { 201: closureSchema },
      },
    },
    async (req, reply) => {
      const input = validBody(closureInputSchema, req.body);
      return reply.status(201).send(await createClosure(req.params.shopId, app.services.db, input));
    },
  );
  app.put(
    '/closures/:closureId',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['timings'],
        summary: 'Change a closure (its date, note and hours)',
        description: 'The same body as adding one; the closure is replaced whole. Another closure on the new date is a 409.',
        params: closureParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: closureSchema },
      },
    },
    async (req) => {
      const input = validBody(closureInputSchema, req.body);
      return updateClosure(req.params.shopId, app.services.db, req.params.closureId, input);
    },
  );
  app.delete(
    '/closures/:closureId',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['timings'],
        summary: 'Remove a closure',
        params: closureParams,
        response: { 200: closureSchema.extend({ message: z.string() }) },
      },
    },
    async (req) => ({
      ...(await deleteClosure(req.params.shopId, app.services.db, req.params.closureId)),
      message: messages.closureDeleted,
    }),
  );
};
export default closures;
