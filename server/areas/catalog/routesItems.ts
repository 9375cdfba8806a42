import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityBody, ITEM_TYPES, itemInput, itemRecord } from '../../../domain/catalog/item';
import { DEFAULT_RANGE, listQuery, sendRange } from '../../infra/db/list';
import { copyItem, createItem, deleteItem, ITEM_SORTABLE, itemJson, listItems, loadItemRow, setAvailability, updateItem } from './repo';
import { shopParams } from '../../infra/http/params';
import { checkItemInShop } from './itemRules';
import { resolveToday } from './soldOutUntil';

const itemParams = shopParams.extend({ itemId: z.string().describe('Item id (uuid)') });
const query = listQuery(ITEM_SORTABLE, {
  q: z.string().max(200).optional(),
  type: z.enum(ITEM_TYPES).optional(),
  id: z.union([z.string(), z.array(z.string()).max(500)]).optional(),
});

/**
 * /shops/:shopId/items: the shop's items (spec 2 §2-§5). Every member may manage them ("owners and staff manage the
 * menu and items"). Amounts are currency units here and cents in the database (repo.ts converts).
 */
const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/items',
    {
      schema: {
        tags: ['items'],
        summary: "A page of the shop's items; filter {q} searches name and description within the shop",
        params: shopParams,
        querystring: query,
        response: { 200: z.array(itemRecord) },
      },
    },
    async (req, reply) => {
      const range = req.query.range ?? DEFAULT_RANGE;
      const { rows, total } = await listItems(req.params.shopId, app.services.db, {
        sort: req.query.sort ?? ['name', 'ASC'],
        range,
        filter: req.query.filter ?? {},
        log: req.log,
      });
      sendRange(reply, 'items', range, rows.length, total);
      return rows;
    },
  );

  app.post(
    '/items',
    {
      config: { staffPermission: 'catalog' },
      schema: {
        tags: ['items'],
        summary: 'Create an item (BASIC, PIZZA or DEAL)',
        params: shopParams,
        body: itemInput,
        response: { 201: itemRecord },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const { shopId } = req.params;
      const input = await checkItemInShop(shopId, db, req.body, req.user!.id, null);
      reply.code(201);
      return createItem(shopId, db, input, req.user!.id, clock.now());
    },
  );

  app.get(
    '/items/:itemId',
    { schema: { tags: ['items'], summary: 'One item', params: itemParams, response: { 200: itemRecord } } },
    async (req) => itemJson(await loadItemRow(req.params.shopId, app.services.db, req.params.itemId), req.log),
  );

  app.put(
    '/items/:itemId',
    {
      config: { staffPermission: 'catalog' },
      schema: {
        tags: ['items'],
        summary: 'Replace an item (its type stays)',
        params: itemParams,
        body: itemInput,
        response: { 200: itemRecord },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId, itemId } = req.params;
      const current = itemJson(await loadItemRow(shopId, db, itemId));
      const input = await checkItemInShop(shopId, db, req.body, req.user!.id, current.image?.image ?? null);
      return updateItem(shopId, db, itemId, input, req.user!.id, clock.now());
    },
  );

  app.delete(
    '/items/:itemId',
    {
      config: { staffPermission: 'catalog' },
      schema: {
        tags: ['items'],
        summary: 'Delete an item (menus keep its id until the seller removes it)',
        params: itemParams,
        response: { 200: itemRecord },
      },
    },
    async (req) => deleteItem(req.params.shopId, app.services.db, req.params.itemId),
  );

  app.post(
    '/items/:itemId/copy',
    {
      config: { staffPermission: 'catalog' },
      schema: {
        tags: ['items'],
        summary: "Copy an item; the copy is named '<name> (Copy)'",
        params: itemParams,
        response: { 201: itemRecord },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return copyItem(req.params.shopId, app.services.db, req.params.itemId, req.user!.id, app.services.clock.now());
    },
  );

  app.put(
    '/items/:itemId/availability',
    {
      schema: {
        tags: ['items'],
        summary: 'Sell out an item (or one attribute value or topping) until an instant or until put back, or put it back',
        description:
          '{ "soldOut": true, "until": "<ISO instant>" } returns by itself at `until`; { "soldOut": true, "today": true } until the ' +
          "shop's next opening after today (pickup or delivery, closures included; the next midnight when it has no hours); " +
          'without either it stays sold out until { "soldOut": false }. ' +
          'Add { "attribute", "value" } or { "topping" } to act on one choice of the item.',
        params: itemParams,
        body: availabilityBody,
        response: { 200: itemRecord },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const now = clock.now();
      const body = await resolveToday(req.params.shopId, db, req.body, now);
      return setAvailability(req.params.shopId, db, req.params.itemId, body, req.user!.id, now);
    },
  );
};
export default itemsRoutes;
