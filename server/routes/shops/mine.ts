import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopCreateBody, shopSchema, listingStatus } from '../../../domain/shop';
import { SHOP_COUNTRIES } from '../../../domain/countries';
import { shops, shopSellers } from '../../db/schema';
import { isUuid } from '../../auth/guard';
import { contentRange, DEFAULT_RANGE, filterParam, rangeParam, sortParam } from './listParams';
import { shopJson } from './shopRecord';

const SORTABLE = ['name', 'createdAt', 'updatedAt', 'country', 'locality', 'listing.status', 'id'] as const;
const sortColumn = {
  name: shops.name,
  createdAt: shops.createdAt,
  updatedAt: shops.updatedAt,
  country: shops.country,
  locality: shops.locality,
  'listing.status': sql`coalesce(${shops.listingStatus}, 'UNPUBLISHED')`,
  id: shops.id,
} satisfies Record<(typeof SORTABLE)[number], unknown>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /shops (the caller's shops, each with their role) and POST /shops (create, caller becomes ADMIN). */
const mine: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['shops'],
        summary: "The caller's shops",
        description: 'ra-data-simple-rest list: `sort=["name","ASC"]`, `range=[0,19]`, `filter={"q":"…","country":"AU","listing.status":"PUBLISHED","id":[…]}`; total in Content-Range.',
        querystring: z.object({
          sort: sortParam(SORTABLE).optional(),
          range: rangeParam.optional(),
          filter: filterParam({
            q: z.string().max(100).optional(),
            country: z.enum(SHOP_COUNTRIES).optional(),
            'listing.status': listingStatus.optional(),
            id: z.union([z.string(), z.array(z.string()).max(500)]).optional(),
          }).optional(),
        }),
        response: { 200: z.array(shopSchema) },
      },
    },
    async (req, reply) => {
      const { db } = app.services;
      const { sort = ['createdAt', 'DESC'], range = DEFAULT_RANGE, filter = {} } = req.query;
      const where: (SQL | undefined)[] = [eq(shopSellers.userId, req.user!.id)];
      if (filter.q?.trim()) {
        const like = `%${escapeLike(filter.q.trim())}%`;
        where.push(or(ilike(shops.name, like), ilike(shops.locality, like)));
      }
      if (filter.country) where.push(eq(shops.country, filter.country));
      if (filter['listing.status']) where.push(sql`coalesce(${shops.listingStatus}, 'UNPUBLISHED') = ${filter['listing.status']}`);
      if (filter.id !== undefined) {
        const ids = (Array.isArray(filter.id) ? filter.id : [filter.id]).filter(isUuid);
        where.push(ids.length ? inArray(shops.id, ids) : sql`false`);
      }
      const condition = and(...where);
      const [field, order] = sort;
      const column = sortColumn[field];
      const rows = await db
        .select({ shop: shops, role: shopSellers.role })
        .from(shops)
        .innerJoin(shopSellers, eq(shopSellers.shopId, shops.id))
        .where(condition)
        .orderBy(order === 'ASC' ? asc(column) : desc(column), asc(shops.id))
        .offset(range[0])
        .limit(range[1] - range[0] + 1);
      const [{ total }] = await db
        .select({ total: count() })
        .from(shops)
        .innerJoin(shopSellers, eq(shopSellers.shopId, shops.id))
        .where(condition);
      reply.header('Content-Range', contentRange('shops', range, rows.length, total));
      return rows.map((r) => shopJson(r.shop, r.role));
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
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(shops)
          .values({
            type: req.body.type,
            name: req.body.name,
            description: req.body.description,
            locality: req.body.locality,
            logo: req.body.logo,
            timezone: req.body.timezone,
            country: req.body.country,
            updatedBy: user.id,
            listingStatus: 'WAITING_FOR_REVIEW',
            submittedAt: now,
          })
          .returning();
        await tx.insert(shopSellers).values({ shopId: created.id, userId: user.id, role: 'ADMIN' });
        return created;
      });
      return reply.status(201).send(shopJson(row, 'ADMIN'));
    },
  );
};
export default mine;
