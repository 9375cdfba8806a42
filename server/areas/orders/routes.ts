import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopParams } from '../../infra/http/params';
import { listQuery, sendRange, DEFAULT_RANGE } from '../../infra/db/list';
import { getOrder, listOrders, orderForApi, orderTotals, ORDER_SORTABLE } from './repo';
import { busyState, setBusy } from './repoBusy';
import { acknowledgeOrder } from './serviceActions';
import { busyBodySchema, COLLECTION_TYPES, ORDER_STATUSES, PAYMENT_TYPES } from '../../../domain/order';
import { fromCents } from '../../../domain/money';
import { instant } from '../../../domain/dateSchemas';
import { orderDetailForApi } from './refundAttempts';
import { orderDetailResponse, orderResponse, orderTotalsResponse, busyResponse } from './schemas';
import { oneWithLoyalty, withLoyalty } from './orderLoyalty';

const oneOrMany = <T extends z.ZodType>(s: T) => z.union([s, z.array(s).max(100)]);

/** History's filter (the list and its totals take the same one). */
const orderFilter = {
  orderStatusRestaurant: oneOrMany(z.enum(ORDER_STATUSES)).optional(),
  paymentType: oneOrMany(z.enum(PAYMENT_TYPES)).optional(),
  collectionType: oneOrMany(z.enum(COLLECTION_TYPES)).optional(),
  placedAt_gte: instant('placedAt_gte').optional(),
  placedAt_lte: instant('placedAt_lte').optional(),
  mobile: z.string().max(20).optional(),
  id: oneOrMany(z.string().max(40)).optional(),
  q: z.string().max(100, { error: 'q should be at most 100 characters' }).optional(),
  completed: z.boolean().optional(),
  scheduled: z.boolean().optional(),
};
const FILTER_HELP =
  'Also paymentType (CASH, CREDIT_CARD), collectionType (PICKUP, DELIVERY), each one value or a list; ' +
  'q: "#1042" is that order number, digits are an order number or part of a phone, other text part of the customer\'s name.';

/** GET /shops/:shopId/orders (list) and /orders/totals, /orders/:orderId, and the busy mode (GET|PUT /orders/busy). */
const orders: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The shop's orders",
        description:
          'ra-data-simple-rest list: filter {"orderStatusRestaurant":"NEW"}, {"orderStatusRestaurant":"ACCEPTED","completed":false} ' +
          'or {"placedAt_gte":ISO,"placedAt_lte":ISO}; scheduled true: the orders waiting for their time to reach the kitchen ' +
          '(the board\'s Scheduled column, sort ["collectionTime","ASC"]), false: the others. ' +
          FILTER_HELP,
        params: shopParams,
        querystring: listQuery(ORDER_SORTABLE, orderFilter),
        response: { 200: z.array(orderResponse) },
      },
    },
    async (req, reply) => {
      const range = req.query.range ?? DEFAULT_RANGE;
      const { rows, total } = await listOrders(req.params.shopId, app.services.db, {
        sort: req.query.sort ?? ['placedAt', 'DESC'],
        range,
        filter: req.query.filter ?? {},
      });
      sendRange(reply, 'orders', range, rows.length, total);
      return withLoyalty(
        req.params.shopId,
        app.services.db,
        rows.map((r) => r.order),
        (o) => orderForApi(o, req.log),
      );
    },
  );

  app.get(
    '/orders/totals',
    {
      schema: {
        tags: ['orders'],
        summary: 'What the orders a filter lists add up to',
        description: `How many orders GET /orders lists with the same filter, and the sum of their grand totals. ${FILTER_HELP}`,
        params: shopParams,
        querystring: z.object({ filter: listQuery(ORDER_SORTABLE, orderFilter).shape.filter }),
        response: { 200: orderTotalsResponse },
      },
    },
    async (req) => {
      const totals = await orderTotals(req.params.shopId, app.services.db, req.query.filter ?? {});
      return { orders: totals.orders, gross: fromCents(totals.grossCents) };
    },
  );

  app.get(
    '/orders/busy',
    { schema: { tags: ['orders'], summary: 'Busy mode', params: shopParams, response: { 200: busyResponse } } },
    async (req) => busyState(req.params.shopId, app.services.db, app.services.clock.now()),
  );

  app.put(
    '/orders/busy',
    {
      schema: {
        tags: ['orders'],
        summary: 'Pause new orders or add minutes to quoted times',
        description:
          'PAUSE for 15/30/60 minutes (null: until turned off), EXTRA 10/20/30 minutes for the next hour, or OFF. Both end by themselves.',
        params: shopParams,
        body: busyBodySchema,
        response: { 200: busyResponse },
      },
    },
    async (req) => setBusy(req.params.shopId, app.services.db, req.body, req.user!.id, app.services.clock.now()),
  );

  app.post(
    '/orders/:orderId/acknowledge',
    {
      schema: {
        tags: ['orders'],
        summary: 'Mark an order seen',
        description: 'Opening or acknowledging an order on any board stops it ringing on every board (order.updated).',
        params: shopParams.extend({ orderId: z.string() }),
        response: { 200: orderResponse },
      },
    },
    async (req) =>
      orderForApi(await acknowledgeOrder(req.params.shopId, app.services.db, req.params.orderId, req.user!.id, app.services.clock.now())),
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order',
        description: 'With its refund attempts (the reject and every retry), first first.',
        params: shopParams.extend({ orderId: z.string() }),
        response: { 200: orderDetailResponse },
      },
    },
    async (req) => {
      const { db } = app.services;
      const order = await getOrder(req.params.shopId, db, req.params.orderId);
      return oneWithLoyalty(req.params.shopId, db, order, await orderDetailForApi(db, order));
    },
  );
};
export default orders;
