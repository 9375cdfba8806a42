import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { shopCreateBody, shopSchema, shopUpdateBody } from '../../../domain/shop';
import { fieldErrors } from '../../../domain/validation';
import { badRequest } from '../../infra/http/errors';
import { requireUsableImage } from '../../infra/images/usable';
import { loadShop, sellerRoleOf, updateShop } from './repo';
import { shopParams } from '../../infra/http/params';
import { shopJson } from './shopRecord';

/**
 * Country and category are fixed at creation. The console's edit form sends the whole record back,
 * so the same values are accepted and ignored; a different value is refused.
 */
const updateBody = shopUpdateBody.extend({
  country: z.string().optional().describe('Accepted only when it equals the current country'),
  type: z.string().optional().describe('Accepted only when it equals the current category'),
});

/** GET and PUT /shops/:shopId (in the shop scope: members read, ADMINs edit). */
const shop: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { tags: ['shops'], summary: 'One shop', params: shopParams, response: { 200: shopSchema } },
    },
    async (req) => {
      const { db } = app.services;
      const row = await loadShop(req.params.shopId, db);
      return shopJson(row, await sellerRoleOf(row.id, db, req.user!, req.shopRole), req.staffPermissions);
    },
  );

  app.put(
    '/',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['shops'],
        summary: 'Edit a shop',
        description:
          'A REJECTED shop goes back to WAITING_FOR_REVIEW and its reject reason is cleared; ' +
          'so does a PUBLISHED shop whose name, description or logo changes.',
        params: shopParams,
        body: updateBody,
        response: { 200: shopSchema },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId } = req.params;
      const current = await loadShop(shopId, db);
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
      await requireUsableImage(shopId, db, req.body.logo.path, { userId: req.user!.id, currentPath: current.logo?.path });
      const row = await updateShop(shopId, db, current, req.body, req.user!.id, clock.now());
      return shopJson(row, await sellerRoleOf(shopId, db, req.user!, req.shopRole), req.staffPermissions);
    },
  );
};
export default shop;
