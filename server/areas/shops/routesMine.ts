import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopCreateBody, shopSchema, listingStatus } from '../../../domain/shop';
import { SHOP_COUNTRIES } from '../../../domain/countries';
import { DEFAULT_RANGE, listQuery, sendRange } from '../../infra/db/list';
import { listShopsOf, SHOP_SORTABLE } from './repoList';
import { createShop } from './repo';
import { requireUsableImage } from '../../infra/images/usable';
import { shopJson } from './shopRecord';

/** GET /shops (the caller's shops, each with their role) and POST /shops (create, caller becomes ADMIN). */
const mine: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['shops'],
        summary: "The caller's shops",
        description:
          'ra-data-simple-rest list: `sort=["name","ASC"]`, `range=[0,19]`, ' +
          '(`sort=["attention","ASC"]`: a refused shop first, then one never sent for review, one waiting for it, ' +
          'the listed ones last, each group by name), ' +
          '`filter={"q":"…","country":"AU","listing.status":"PUBLISHED","id":[…]}`; total in Content-Range.',
        querystring: listQuery(SHOP_SORTABLE, {
          q: z.string().max(100).optional(),
          country: z.enum(SHOP_COUNTRIES).optional(),
          'listing.status': listingStatus.optional(),
          id: z.union([z.string(), z.array(z.string()).max(500)]).optional(),
        }),
        response: { 200: z.array(shopSchema) },
      },
    },
    async (req, reply) => {
      const { sort = ['createdAt', 'DESC'], range = DEFAULT_RANGE, filter = {} } = req.query;
      const { rows, total } = await listShopsOf(app.services.db, req.user!.id, { sort, range, filter });
      sendRange(reply, 'shops', range, rows.length, total);
      return rows.map((r) => shopJson(r, r.role));
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['shops'],
        summary: 'Create a shop',
        description: 'The caller becomes its ADMIN and the shop waits for review. Shop, seller and listing are written in one transaction.',
        body: shopCreateBody,
        response: { 201: shopSchema },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const user = req.user!;
      const now = clock.now();
      await requireUsableImage(null, db, req.body.logo.path, { userId: user.id });
      const row = await createShop(db, req.body, user.id, now);
      return reply.status(201).send(shopJson(row, 'ADMIN'));
    },
  );
};
export default mine;
