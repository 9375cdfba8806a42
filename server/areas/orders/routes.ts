import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopParams } from '../../infra/http/params';
import { listQuery, sendRange, DEFAULT_RANGE } from '../../infra/db/list';
import { getOrder, listOrders, orderForApi, ORDER_SORTABLE } from './repo';
import { busyState, setBusy } from './repoBusy';
import { acknowledgeOrder } from './serviceActions';
import { busyBodySchema, ORDER_STATUSES } from '../../../domain/order';
import { orderDetailForApi } from './refundAttempts';
import { orderDetailResponse, orderResponse, busyResponse } from './schemas';

const iso = z.iso.datetime({ offset: true, error: 'should be an ISO date and time' });
const oneOrMany = <T extends z.ZodType>(s: T) => z.union([s, z.array(s).max(100)]);

/** GET /shops/:shopId/orders (list), /orders/:orderId, and the busy mode (GET|PUT /orders/busy). */
const orders: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The shop's orders",
        description: 'ra-data-simple-rest list: filter {"orderStatusRestaurant":"NEW"} or {"placedAt_gte":ISO,"placedAt_lte":ISO}.',
        params: shopParams,
        querystring: listQuery(ORDER_SORTABLE, {
          orderStatusRestaurant: oneOrMany(z.enum(ORDER_STATUSES)).optional(),
          placedAt_gte: iso.optional(),
          placedAt_lte: iso.optional(),
          mobile: z.string().max(20).optional(),
          id: oneOrMany(z.string().max(40)).optional(),
        }),
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
      return rows.map((r) => orderForApi(r.order));
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
    async (req) => orderDetailForApi(app.services.db, await getOrder(req.params.shopId, app.services.db, req.params.orderId)),
  );
};
export default orders;
