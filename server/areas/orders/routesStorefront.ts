import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderCartSchema, placeOrderSchema } from '../../../domain/order';
import { shopNotFound } from '../../infra/storefront/publishedShop';
import { isUuid } from '../../infra/db/uuid';
import { placeOrder } from './service';
import { orderForApi } from './repo';
import { placedOrderResponse, quoteResponse } from './schemas';
import { quoteCart } from './serviceQuote';
import { idempotencyKeyHeaders } from '../../infra/http/idempotency';
import { statusToken } from './statusToken';
import { readyAtOf } from './kitchen';
import orderStatus from './routesStatus';

/** A cart page prices its cart again at each change: this many quotes per IP for each order it may place. */
const QUOTES_PER_ORDER = 5;

const errorBody = z.object({ message: z.string(), code: z.string(), errors: z.record(z.string(), z.string()).optional() });

/**
 * POST /storefront/shops/:shopId/orders: customers' apps place orders here. POST /storefront/shops/:shopId/quote:
 * their carts are priced here before checkout. An order's customer follows it with its status token (routesStatus.ts).
 */
const orders: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderStatus);
  app.post(
    '/shops/:shopId/orders',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Place an order',
        description:
          'Priced on the server in integer cents; prices sent by the client are ignored. ' +
          'Idempotency-Key: the same key and body answer the first result (Idempotent-Replayed: true); another body 422. ' +
          'A declined card is a 402 and leaves no NEW order. ' +
          'Every answer (201, the 402 and a replay) carries statusToken: HMAC-SHA256 of the order id under a key derived ' +
          'from the server secret, base64url, so it is stored nowhere and a replay answers the same one. It opens ' +
          'GET orders/{orderId}?token= and its events stream for this order only. With email, a receipt with the ' +
          'status link is mailed once the order goes through (a declined card sends none). ' +
          'A shop that accepts orders automatically (settings kind kitchen) answers it ACCEPTED with its ETA (readyAt); ' +
          'a card order only once paid. With a capacity per 15-minute slot, an order for a full slot is a 409 (SLOT_FULL) ' +
          'naming the next time with room, and one wanted as soon as possible takes the earliest slot with room (readyAt).',
        params: z.object({ shopId: z.string() }),
        headers: idempotencyKeyHeaders,
        body: placeOrderSchema,
        response: { 201: placedOrderResponse, 402: errorBody.extend({ order: placedOrderResponse }), 429: errorBody },
      },
    },
    async function placeOrderRoute(req, reply) {
      const { services } = app;
      const { shopId } = req.params;
      // The per-IP limit is counted first, in the statement that reads the shop with its menu (placeOrder), and judged
      // before the shop; a malformed id names no shop. The per-mobile limit is placeOrder's: only orders pricing accepts
      // count.
      if (!isUuid(shopId)) throw shopNotFound(shopId);
      const { perIp, windowSeconds } = services.config.rateLimit;
      const ipLimit = { key: `ip:order:${req.ip}`, limit: perIp, windowSeconds };
      await services.rateLimiter.sweepIfDue();
      const key = req.headers['idempotency-key'];
      const { order, replayed, loyalty } = await placeOrder(services, shopId, req.body, req.body, key, ipLimit);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      const answer = {
        ...orderForApi(order),
        readyAt: readyAtOf(order),
        loyalty: loyalty ?? undefined,
        statusToken: statusToken(services, order.id),
      };
      if (order.status === 'FAILURE')
        return reply.status(402).send({ message: order.message ?? '', code: 'PAYMENT_DECLINED', order: answer });
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/shops/:shopId/quote',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Price a cart',
        description:
          'Prices the cart as placing it now would (the same engine and figures, in currency units) and places nothing: ' +
          'no order, no charge, nothing counted against the per-mobile order limit. No customer details: the loyalty ' +
          'reward is never applied or shown in a quote (a card cannot be probed by mobile number), and a coupon limited ' +
          'per customer is judged as for a first order; placing the order applies both for the customer. A cart the shop ' +
          "cannot take answers placing's status and message, with errors naming every line at fault (items.N). " +
          'Rate limited per IP apart from placing orders, at five quotes for each order an IP may place.',
        params: z.object({ shopId: z.string() }),
        body: orderCartSchema,
        response: { 200: quoteResponse, 429: errorBody },
      },
    },
    async function quoteRoute(req) {
      const { services } = app;
      const { shopId } = req.params;
      // As placing: the per-IP count is taken in the statement that reads the shop, and a malformed id names no shop.
      if (!isUuid(shopId)) throw shopNotFound(shopId);
      const { perIp, windowSeconds } = services.config.rateLimit;
      await services.rateLimiter.sweepIfDue();
      return quoteCart(services, shopId, req.body, { key: `ip:quote:${req.ip}`, limit: perIp * QUOTES_PER_ORDER, windowSeconds });
    },
  );
};
export default orders;
