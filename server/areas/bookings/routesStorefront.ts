import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { placeBookingSchema } from '../../../domain/booking';
import { idempotencyKeyHeaders } from '../../infra/http/idempotency';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { sendPrivateCacheable } from '../../infra/storefront/cacheable';
import { bookingForApi } from './repo';
import { bookingByToken, cancelBooking, placeBooking } from './service';
import { bookingResponse, errorBody, placedBookingResponse } from './schemas';

const params = z.object({ shopId: z.string(), bookingId: z.string() });
const cancelToken = z.string({ error: 'cancelToken is required' }).min(1, { error: 'cancelToken is required' }).max(200);

/**
 * The customers' booking API (their apps call it; no console login; PUBLISHED shops only): book a table, check a
 * booking's status and cancel it with the token the booking answered once.
 */
const storefrontBookings: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, clock, rateLimiter, config } = services;
  /** Writes count against the shared per-IP limit (reads have the storefront's own). */
  const perIp = (req: FastifyRequest, what: string) =>
    rateLimiter.enforce([{ key: `ip:${what}:${req.ip}`, limit: config.rateLimit.perIp }], config.rateLimit.windowSeconds);

  app.post(
    '/shops/:shopId/bookings',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Book a table',
        description:
          "date and time on the shop's wall clock. Refused (400/409, with the reason) when the shop takes no bookings, the " +
          'guests are outside its minimum and maximum, the date is past or too far ahead, the time is outside an open breakfast, ' +
          'lunch or dinner session, the day is closed, the phone is not a phone number, or the session is full. ' +
          'Answers the booking with a cancelToken, shown once. With email, a confirmation with the link to the ' +
          "booking's page on the ordering page (the address is not stored). Idempotency-Key: the same key and body answer the first " +
          'booking (Idempotent-Replayed: true); another body 422. Rate-limited per IP and per phone.',
        params: z.object({ shopId: z.string() }),
        headers: idempotencyKeyHeaders,
        body: placeBookingSchema,
        response: { 201: placedBookingResponse, 409: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      // The per-IP and per-phone limits are counted by placeBooking, in one statement once the shop is read.
      const key = req.headers['idempotency-key'];
      const placed = await placeBooking(services, req.params.shopId, req.body, req.body, key, req.ip);
      const { booking, cancelToken: token, replayed } = placed;
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).send({ ...bookingForApi(booking), ...(token ? { cancelToken: token } : {}) });
    },
  );

  /** The customer's view only (the console's fields dropped), as a string for its ETag. */
  const status = async (shopId: string, bookingId: string, token: string) => {
    await publishedShop(db, shopId);
    return JSON.stringify(bookingResponse.parse(bookingForApi(await bookingByToken(shopId, db, bookingId, token))));
  };
  const statusSchema = {
    tags: ['storefront'],
    summary: "A booking's status",
    description:
      'With the cancelToken the booking answered. A wrong token and an unknown booking answer the same 404. ' +
      'ETag (Cache-Control: private, no-cache); If-None-Match answers 304 while nothing changed.',
    params,
    querystring: z.object({ cancelToken }),
    response: { 200: bookingResponse },
  };
  app.get('/shops/:shopId/bookings/:bookingId', { schema: statusSchema }, async (req, reply) =>
    sendPrivateCacheable(req, reply, await status(req.params.shopId, req.params.bookingId, req.query.cancelToken)),
  );
  app.get(
    '/shops/:shopId/bookings/:bookingId/cancel',
    { schema: { ...statusSchema, summary: "A booking's status (at its cancel path)" } },
    async (req, reply) => sendPrivateCacheable(req, reply, await status(req.params.shopId, req.params.bookingId, req.query.cancelToken)),
  );

  app.post(
    '/shops/:shopId/bookings/:bookingId/cancel',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Cancel a booking (the customer)',
        description:
          'A NEW or ACCEPTED booking becomes CANCELLED (the shop sees "Customer Cancelled"). A wrong token and an unknown ' +
          'booking answer the same 404; a booking already REJECTED or CANCELLED a 409.',
        params,
        body: z.object({ cancelToken }),
        response: { 200: bookingResponse, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      await perIp(req, 'booking-cancel');
      await publishedShop(db, req.params.shopId);
      return bookingForApi(await cancelBooking(req.params.shopId, db, req.params.bookingId, req.body.cancelToken, clock.now()));
    },
  );
};
export default storefrontBookings;
