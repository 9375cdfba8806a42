import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../../domain/constants';
import { shopSchema } from '../../../domain/shop';
import { decodeCursor, encodeCursor } from '../../infra/http/cursor';
import { browseShops } from './repoBrowse';
import { shopsJson } from '../shops';

/** GET /shops/browse: every shop, newest first, 20 at a time (super admins). */
const browse: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/browse',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags: ['shops'],
        summary: 'All shops, newest first, with a keyset cursor',
        description: "Pass the previous answer's nextCursor to get the next page; nextCursor is null on the last page.",
        querystring: z.object({
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
        }),
        response: { 200: z.object({ data: z.array(shopSchema), nextCursor: z.string().nullable() }) },
      },
    },
    async (req) => {
      const { db } = app.services;
      const { limit } = req.query;
      const after = req.query.cursor ? decodeCursor(req.query.cursor) : null;
      const { rows: page, more } = await browseShops(db, after, limit);
      const last = page.at(-1);
      return {
        data: await shopsJson(
          db,
          req.user!.id,
          page.map((r) => r.shop),
        ),
        nextCursor: more && last ? encodeCursor(last.createdAtText, last.shop.id) : null,
      };
    },
  );
};
export default browse;
