import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopSchema } from '../../../domain/shop';
import { SEARCH_LIMIT_DEFAULT, searchShops } from './repoSearch';
import { shopsJson } from '../shops';

/** GET /shops/search?q=: typo-tolerant search over every shop's name, description and locality (super admins). */
const search: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags: ['shops'],
        summary: 'Search all shops',
        description: "Ranked, typo-tolerant ('capucino' finds 'Cappuccino Corner'). An empty q answers [].",
        querystring: z.object({
          q: z.string().max(200).default(''),
          limit: z.coerce.number().int().min(1).max(50).default(SEARCH_LIMIT_DEFAULT),
        }),
        response: { 200: z.array(shopSchema) },
      },
    },
    async (req) => {
      const { db } = app.services;
      const rows = await searchShops(db, req.query.q, req.query.limit);
      return shopsJson(db, req.user!.id, rows);
    },
  );
};
export default search;
