import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { shopCreateBody, shopSchema, shopUpdateBody } from '../../../domain/shop';
import { fieldErrors } from '../../../domain/validation';
import { shops } from '../../db/schema';
import { badRequest } from '../../errors';
import { shopParams } from './schemas';
import { loadShop, sellerRoleOf, shopJson } from './shopRecord';

/**
 * Country and category are fixed at creation. The console's edit form sends the whole record back,
 * so the same values are accepted and ignored; a different value is refused.
 */
const updateBody = shopUpdateBody.extend({
  country: z.string().optional().describe('Accepted only when it equals the current country'),
  type: z.string().optional().describe('Accepted only when it equals the current category'),
});

/** GET and PUT /shops/:shopId. */
const shop: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:shopId',
    {
      config: { shopRole: 'USER' },
      schema: { tags: ['shops'], summary: 'One shop', params: shopParams, response: { 200: shopSchema } },
    },
    async (req) => {
      const { db } = app.services;
      const row = await loadShop(db, req.params.shopId);
      return shopJson(row, await sellerRoleOf(db, row.id, req.user!, req.shopRole));
    },
  );

  app.put(
    '/:shopId',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['shops'],
        summary: 'Edit a shop',
        description: 'A REJECTED shop goes back to WAITING_FOR_REVIEW and its reject reason is cleared.',
        params: shopParams,
        body: updateBody,
        response: { 200: shopSchema },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const current = await loadShop(db, req.params.shopId);
      if (req.body.country !== undefined && req.body.country !== current.country) {
        throw badRequest(messages.countryLocked, { country: messages.countryLocked });
      }
      if (req.body.type !== undefined && req.body.type !== current.type) {
        throw badRequest(messages.typeLocked, { type: messages.typeLocked });
      }
      // The time-zone rule lives once, in the create schema; check the edit against the shop's own country.
      const checked = shopCreateBody.safeParse({ ...req.body, country: current.country, type: current.type });
      if (!checked.success) {
        const errors = fieldErrors(checked.error);
        throw badRequest(Object.values(errors)[0] ?? messages.invalidForm, errors, 'VALIDATION');
      }
      const now = clock.now();
      const resubmit = current.listingStatus === 'REJECTED';
      const [row] = await db
        .update(shops)
        .set({
          name: req.body.name,
          description: req.body.description,
          locality: req.body.locality,
          logo: req.body.logo,
          timezone: req.body.timezone,
          updatedBy: req.user!.id,
          updatedAt: now,
          ...(resubmit ? { listingStatus: 'WAITING_FOR_REVIEW' as const, rejectReason: null, submittedAt: now } : {}),
        })
        .where(eq(shops.id, current.id))
        .returning();
      return shopJson(row, await sellerRoleOf(db, row.id, req.user!, req.shopRole));
    },
  );
};
export default shop;
