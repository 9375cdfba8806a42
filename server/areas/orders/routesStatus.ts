import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, TooManyRequests } from '../../infra/http/errors';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { etagOf, isFresh } from '../../infra/storefront/cacheable';
import { OpenStreams, type OpenStream } from '../../infra/events/openStreams';
import { HEARTBEAT_MS } from '../../infra/events/stream';
import { eventStreamReply } from '../../infra/events/eventStreamReply';
import type { ShopEvent } from '../../infra/events';
import { getOrder, orderNotFound } from './repo';
import { customerStatus } from './customerStatus';
import { orderStatusResponse } from './schemas';
import { statusTokenMatches } from './statusToken';

/**
 * Open status streams one IP may hold on one process. Higher than a user's board streams: customers on one shop's
 * Wi-Fi share an address.
 */
export const MAX_ORDER_STREAMS_PER_IP = 20;
const TOO_MANY_STREAMS = `At most ${MAX_ORDER_STREAMS_PER_IP} order status streams may be open from one address. Close one and try again.`;

/** The events that announce a change of an order (their data carries the order's id). */
const ORDER_EVENTS = new Set(['order.created', 'order.updated']);

const params = z.object({ shopId: z.string(), orderId: z.string() });
const querystring = z.object({
  token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }).describe("The placement answer's statusToken"),
});

/** As cacheable.ts answers the public reads (ETag, 304), but private: one customer's order is no shared cache's to keep. */
function sendPrivate(req: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = etagOf(body);
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
  if (isFresh(req, etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

const STAGES_DOC =
  'stage is one of placed, accepted, ready, completed, rejected, cancelled, payment_failed (scheduledFor names the time of ' +
  'an order scheduled for later); payment.outcome one of charged, ' +
  'awaiting_payment, pay_at_counter, refunded, refund_pending, not_charged.';
const NOT_FOUND_DOC =
  'A wrong token, the token of another order and an unknown order all answer the same 404; so does a shop that is not published.';

/**
 * GET /storefront/shops/:shopId/orders/:orderId?token=: an order as its customer sees it, with the status token its
 * placement answered (statusToken.ts); and …/events?token=, the same answer live. Nothing else opens them: no login.
 */
const orderStatus: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, clock, events: hub } = services;

  /** The published shop and the order the token opens; every miss the same 404 (the order's). */
  async function opened(shopId: string, orderId: string, token: string) {
    const shop = await publishedShop(db, shopId);
    // The token first: an id it does not open is never looked up, so an answer's timing tells nothing of the order.
    if (!statusTokenMatches(services, orderId, token)) throw orderNotFound();
    return { shop, order: await getOrder(shop.id, db, orderId) };
  }

  app.get(
    '/shops/:shopId/orders/:orderId',
    {
      schema: {
        tags: ['storefront'],
        summary: "An order's status, for its customer",
        description:
          'With the statusToken the placement answered. Lines, totals (currency units), where the order stands and ' +
          `what happened to the payment; no staff, provider or other customer data. ${STAGES_DOC} ` +
          `ETag (Cache-Control: private, no-cache); If-None-Match answers 304 while nothing changed. ${NOT_FOUND_DOC}`,
        params,
        querystring,
        response: { 200: orderStatusResponse },
      },
    },
    async (req, reply) => {
      const { shop, order } = await opened(req.params.shopId, req.params.orderId, req.query.token);
      return sendPrivate(req, reply, JSON.stringify(customerStatus(order, shop.name)));
    },
  );

  const streams = new OpenStreams(
    async (s) => {
      try {
        await publishedShop(db, s.shopId);
        return true;
      } catch (e) {
        if (e instanceof AppError && e.statusCode === 404) return false;
        throw e;
      }
    },
    (msg) => app.log.warn(msg),
    MAX_ORDER_STREAMS_PER_IP,
  );
  // Streams never finish by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const s of streams.all()) s.end();
  });

  app.get(
    '/shops/:shopId/orders/:orderId/events',
    {
      schema: {
        tags: ['storefront'],
        summary: "An order's status, live (Server-Sent Events)",
        description:
          'Event `status` (data: the body of GET orders/{orderId}) once at once, then again each time the order changes ' +
          '(accepted, rejected, completed, refunded); a comment line every 15 seconds keeps it open. The stream stays ' +
          'open after the order is done (a refund can still come): the page closes it. A reconnection gets the current ' +
          `status first, so no event ids are needed. At most ${MAX_ORDER_STREAMS_PER_IP} open streams per IP (429 with ` +
          `Retry-After beyond); the stream ends if the shop stops being published. ${NOT_FOUND_DOC}`,
        params,
        querystring,
      },
    },
    async (req, reply) => {
      const { shopId, orderId } = req.params;
      let ended = false;
      let live = false;
      let cleanup = () => undefined as void;
      const stream: OpenStream = {
        userId: `ip:${req.ip}`,
        sessionId: orderId,
        shopId,
        end: () => {
          ended = true;
          if (!live) return;
          cleanup();
          reply.raw.end();
        },
      };
      // Taken before anything is awaited, so streams opened at the same moment cannot all slip under the cap.
      if (!streams.tryAdd(stream)) throw new TooManyRequests(HEARTBEAT_MS / 1000, TOO_MANY_STREAMS, 'TOO_MANY_STREAMS');
      let first: string;
      let lastId: number;
      let shopName: string;
      try {
        const shop = await publishedShop(db, shopId);
        if (!statusTokenMatches(services, orderId, req.query.token)) throw orderNotFound();
        // The shop's newest event before the order is read: a change committed in between is delivered, not lost.
        lastId = await hub.latestId(shop.id);
        shopName = shop.name;
        first = JSON.stringify(customerStatus(await getOrder(shop.id, db, orderId), shopName));
        if (ended) throw orderNotFound();
      } catch (e) {
        streams.remove(stream);
        throw e;
      }
      const res = eventStreamReply(reply);
      live = true;
      const send = (body: string) => void res.write(`event: status\ndata: ${body}\n\n`);
      res.write('retry: 3000\n\n');
      send(first);
      let sent = first;
      // One read at a time, in order: the last read always sees the newest change.
      let reading: Promise<void> = Promise.resolve();
      const refresh = () => {
        reading = reading.then(async () => {
          if (ended || res.destroyed) return;
          try {
            const next = JSON.stringify(customerStatus(await getOrder(shopId, db, orderId), shopName));
            if (next !== sent && !res.destroyed) send((sent = next));
          } catch (e) {
            app.log.warn({ err: e, orderId }, 'order status stream: reading the order failed');
          }
        });
      };
      let unsubscribe = () => undefined as void;
      const stopHeartbeat = clock.every(HEARTBEAT_MS, () => {
        res.write(': heartbeat\n\n');
        return streams.check(stream);
      });
      cleanup = () => {
        cleanup = () => undefined;
        stopHeartbeat();
        unsubscribe();
        streams.remove(stream);
      };
      res.on('close', () => cleanup());
      res.on('error', () => cleanup());
      // The hub delivers the whole shop's events; this stream looks only for its own order's, and reads the order
      // again when one comes (the events carry the board's view of it, not the customer's).
      const ours = (e: ShopEvent) => ORDER_EVENTS.has(e.type) && e.data?.id === orderId;
      const off = await hub.subscribe(shopId, {
        lastId,
        deliver: (list) => {
          if (list.some(ours)) refresh();
        },
      });
      if (ended || res.destroyed) off();
      else unsubscribe = off;
    },
  );
};
export default orderStatus;
