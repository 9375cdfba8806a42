import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { shopParams } from '../../infra/http/params';
import { DEFAULT_RANGE, listQuery, sendRange } from '../../infra/db/list';
import { BOOKING_STATUSES, rejectBookingSchema } from '../../../domain/booking';
import { instant } from '../../../domain/dateSchemas';
import { acknowledgeBooking, BOOKING_SORTABLE, listBookings } from './repo';
import { acceptBooking, bookingDetail, BookingMoved, markNoShow, rejectBooking, withGuests } from './service';
import { bookingDetailResponse, consoleBookingResponse, movedBody } from './schemas';

const oneOrMany = <T extends z.ZodType>(s: T) => z.union([s, z.array(s).max(100)]);
const dateFilter = { date_gte: instant('date_gte').optional(), date_lte: instant('date_lte').optional() };
const params = shopParams.extend({ bookingId: z.string() });

/** A 409 for a booking another device already moved carries the booking as it is now; other errors go on as they are. */
async function answering<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await action();
  } catch (e) {
    if (e instanceof BookingMoved) return reply.status(409).send({ message: e.message, code: e.code, booking: e.booking });
    throw e;
  }
}

/**
 * The shop's bookings on the console: the list (New Bookings, Booking history), one booking with the guest's history,
 * and the actions of spec 2 §4 (accept; reject with a reason; mark an accepted booking whose time has come a no-show).
 * Members of the shop (USER and ADMIN) act; an action the booking's state no longer allows is a 409.
 */
const bookings: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;

  app.get(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "The shop's bookings",
        description:
          'ra-data-simple-rest list: filter {"status":"NEW"}, {"date_gte":ISO,"date_lte":ISO}, {"q":"name or phone"}; ' +
          'sort ["date","DESC"]. Each booking carries the guest\'s earlier bookings, no-shows and orders at the shop by phone.',
        params: shopParams,
        querystring: listQuery(BOOKING_SORTABLE, {
          status: oneOrMany(z.enum(BOOKING_STATUSES)).optional(),
          ...dateFilter,
          q: z.string().max(100).optional(),
          phone: z.string().max(20).optional(),
          id: oneOrMany(z.string().max(40)).optional(),
        }),
        response: { 200: z.array(consoleBookingResponse) },
      },
    },
    async (req, reply) => {
      const range = req.query.range ?? DEFAULT_RANGE;
      const { shopId } = req.params;
      const { rows, total } = await listBookings(shopId, db, {
        sort: req.query.sort ?? ['date', 'DESC'],
        range,
        filter: req.query.filter ?? {},
      });
      sendRange(reply, 'bookings', range, rows.length, total);
      return withGuests(
        shopId,
        db,
        rows.map((r) => r.booking),
      );
    },
  );

  app.get(
    '/bookings/:bookingId',
    {
      schema: {
        tags: ['bookings'],
        summary: 'One booking',
        description: "With the guest's history: the same phone's other bookings at this shop, newest first (at most 20).",
        params,
        response: { 200: bookingDetailResponse },
      },
    },
    async (req) => bookingDetail(req.params.shopId, db, req.params.bookingId),
  );

  const one = async (shopId: string, row: Parameters<typeof withGuests>[2][number]) => (await withGuests(shopId, db, [row]))[0]!;

  app.post(
    '/bookings/:bookingId/accept',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Accept a NEW booking',
        description: '409 (BOOKING_STATUS_CHANGED, with the booking as it is now) when it is no longer NEW.',
        params,
        response: { 200: consoleBookingResponse, 409: movedBody },
      },
    },
    async (req, reply) =>
      answering(reply, async () =>
        one(req.params.shopId, await acceptBooking(req.params.shopId, db, req.params.bookingId, req.user!.id, clock.now())),
      ),
  );

  app.post(
    '/bookings/:bookingId/reject',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Reject a NEW or ACCEPTED booking',
        description: "reason 'No Vacancy' or 'Store Closed'. 409 (BOOKING_STATUS_CHANGED) when it is REJECTED or CANCELLED.",
        params,
        body: rejectBookingSchema,
        response: { 200: consoleBookingResponse, 409: movedBody },
      },
    },
    async (req, reply) =>
      answering(reply, async () =>
        one(
          req.params.shopId,
          await rejectBooking(req.params.shopId, db, req.params.bookingId, req.body.reason, req.user!.id, clock.now()),
        ),
      ),
  );

  app.post(
    '/bookings/:bookingId/acknowledge',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Mark a booking seen',
        description: 'Acknowledging a booking on any board stops it ringing on every board (booking.updated, the first time only).',
        params,
        response: { 200: consoleBookingResponse },
      },
    },
    async (req) => one(req.params.shopId, await acknowledgeBooking(req.params.shopId, db, req.params.bookingId, req.user!.id, clock.now())),
  );

  app.post(
    '/bookings/:bookingId/no_show',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Mark an ACCEPTED booking whose time has come a no-show',
        description:
          'From its exact minute on; the booking stays ACCEPTED with noShow true. 409 before, when not ACCEPTED, or already marked.',
        params,
        response: { 200: consoleBookingResponse, 409: movedBody },
      },
    },
    async (req, reply) =>
      answering(reply, async () =>
        one(req.params.shopId, await markNoShow(req.params.shopId, db, req.params.bookingId, req.user!.id, clock.now())),
      ),
  );
};
export default bookings;
