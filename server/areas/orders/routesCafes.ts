import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptBodySchema, rejectBodySchema } from '../../../domain/order';
import { acceptOrder, completeOrder, readyOrder, rejectOrder, retryRefund } from './serviceActions';
import { orderForApi } from './repo';
import { orderDetailForApi } from './refundAttempts';
import { orderDetailResponse, orderResponse } from './schemas';
import { withLoyalty } from './orderLoyalty';
import type { OrderRow } from './repo';

const params = z.object({ shopId: z.string().describe('Shop id (uuid)'), orderId: z.string() });

/**
 * /cafes/:shopId/orders/:orderId/accept|reject|complete: the spec's order actions (spec 2 §7), at its paths, the
 * kitchen's ready (a stage of ACCEPTED, beside them), and refund/retry (ADMIN) for a declined card order whose refund
 * failed. The same shop scope as /shops/:shopId guards
 * them (members of the shop; another shop's id is a 404). An action the order's status no longer allows is a 409.
 */
const cafes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, payments } = app.services;
  /** The order an action leaves, with its loyalty line (an accept earns a stamp, a reject takes it back). */
  const answer = async (shopId: string, o: OrderRow) => (await withLoyalty(shopId, db, [o], orderForApi))[0];
  app.post(
    '/orders/:orderId/accept',
    {
      schema: {
        tags: ['orders'],
        summary: 'Accept a NEW order',
        params,
        body: acceptBodySchema.optional(),
        response: { 200: orderResponse },
      },
    },
    async (req) =>
      answer(
        req.params.shopId,
        await acceptOrder(req.params.shopId, db, req.params.orderId, { eta: req.body?.eta ?? null }, req.user!.id, clock.now()),
      ),
  );
  app.post(
    '/orders/:orderId/reject',
    {
      schema: {
        tags: ['orders'],
        summary: 'Reject a NEW or ACCEPTED order',
        description:
          'A paid card order is refunded through the payment provider, exactly once. A customer who gave an e-mail ' +
          'address when ordering is mailed the reason and what happens to their payment.',
        params,
        body: rejectBodySchema,
        response: { 200: orderResponse },
      },
    },
    async (req) =>
      answer(
        req.params.shopId,
        await rejectOrder(req.params.shopId, db, payments, req.params.orderId, req.body.reason, req.user!.id, clock.now(), {
          mail: app.services,
        }),
      ),
  );
  app.post(
    '/orders/:orderId/refund/retry',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['orders'],
        summary: 'Retry the failed refund of a declined card order (ADMIN)',
        description:
          'Calls the payment provider again with the idempotency key of the first attempt, so the payment is refunded at most once. ' +
          'The attempt is recorded either way; the answer is the order with every attempt (paymentStatus REFUND_SUCCESS once it worked). ' +
          '409 when the refund already succeeded or the order has no failed refund.',
        params,
        response: { 200: orderDetailResponse },
      },
    },
    async (req) => orderDetailForApi(db, await retryRefund(req.params.shopId, db, payments, req.params.orderId, req.user!.id, clock.now())),
  );
  app.post(
    '/orders/:orderId/ready',
    {
      schema: {
        tags: ['orders'],
        summary: 'Mark an ACCEPTED order ready',
        description:
          'A stage of ACCEPTED: the order keeps its status and actions (complete still ends it); its answer and its ' +
          'order.updated event carry stage ready and markedReadyAt. The customer sees it on the status page and, when ' +
          'they gave an e-mail address, is mailed. Marking a ready order ready again answers it unchanged; an order ' +
          'that is not ACCEPTED, or is completed, is a 409.',
        params,
        response: { 200: orderResponse },
      },
    },
    async (req) =>
      answer(req.params.shopId, await readyOrder(req.params.shopId, db, app.services, req.params.orderId, req.user!.id, clock.now())),
  );
  app.post(
    '/orders/:orderId/complete',
    { schema: { tags: ['orders'], summary: 'Complete an ACCEPTED order', params, response: { 200: orderResponse } } },
    async (req) => answer(req.params.shopId, await completeOrder(req.params.shopId, db, req.params.orderId, req.user!.id, clock.now())),
  );
};
export default cafes;
