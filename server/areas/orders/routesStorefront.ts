import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeOrderSchema } from '../../../domain/order';
import { shopNotFound } from '../../infra/storefront/publishedShop';
import { isUuid } from '../../infra/auth/guard';
import { placeOrder } from './service';
import { orderForApi } from './repo';
import { orderResponse } from './schemas';
import { tooManyRequests } from '../../infra/http/errors';

const errorBody = z.object({ message: z.string(), code: z.string(), errors: z.record(z.string(), z.string()).optional() });

/** POST /storefront/shops/:shopId/orders: customers' apps place orders here. */
const orders: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/shops/:shopId/orders',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Place an order',
        description:
          'Priced on the server in integer cents; prices sent by the client are ignored. Idempotency-Key: the same key and body answer the first result (Idempotent-Replayed: true); another body 422. A declined card is a 402 and leaves no NEW order.',
        params: z.object({ shopId: z.string() }),
        headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(255).regex(/^[\x21-\x7e]+$/, 'should be printable ASCII').optional() }).loose(),
        body: placeOrderSchema,
        response: { 201: orderResponse, 402: errorBody.extend({ order: orderResponse }) },
      },
    },
    async (req, reply) => {
      const { services } = app;
      const { shopId } = req.params;
      // Counted before the shop is read (placeOrder reads it with the menu, in one query); a malformed id names no shop.
      if (!isUuid(shopId)) throw shopNotFound(shopId);
      const { perIp, perAccount, windowSeconds } = services.config.rateLimit;
      const allowed = await services.rateLimiter.hit(
        [
          { key: `ip:order:${req.ip}`, limit: perIp },
          { key: `mobile:order:${shopId}:${req.body.mobile}`, limit: perAccount },
        ],
        windowSeconds,
      );
      if (!allowed) throw tooManyRequests();
      const key = req.headers['idempotency-key'];
      const { order, replayed } = await placeOrder(services, shopId, req.body, req.body, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      const answer = orderForApi(order);
      if (order.status === 'FAILURE') return reply.status(402).send({ message: order.message ?? '', code: 'PAYMENT_DECLINED', order: answer });
      return reply.status(201).send(answer);
    },
  );
};
export default orders;
