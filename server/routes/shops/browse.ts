import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { shopSchema } from '../../../domain/shop';
import { isUuid } from '../../auth/guard';
import { badRequest } from '../../errors';
import { browseShops } from '../../repos/shopBrowse';
import { shopsJson } from './shopRecord';

/**
 * The keyset cursor: the last row's created_at exactly as PostgreSQL prints it (microseconds included,
 * which a JS Date would lose) and its id, so pages never skip or repeat rows that share a millisecond.
 */
const encodeCursor = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d\d-\d\d[ T][\d:.]+([+-]\d\d(:?\d\d)?|Z)$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      isUuid(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(messages.invalidCursor, { cursor: messages.invalidCursor });
}

/** GET /shops/browse: every shop, newest first, 20 at a time (super admins). */
const browse: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/browse',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags: ['shops'],
        summary: 'All shops, newest first, with a keyset cursor',
        description: 'Pass the previous answer\'s nextCursor to get the next page; nextCursor is null on the last page.',
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
        data: await shopsJson(db, req.user!.id, page.map((r) => r.shop)),
        nextCursor: more && last ? encodeCursor(last.createdAtText, last.shop.id) : null,
      };
    },
  );
};
export default browse;
