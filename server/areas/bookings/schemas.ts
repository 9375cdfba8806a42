import { z } from 'zod';
import { BOOKING_STATUSES, MEALS, REJECT_REASONS } from '../../../domain/booking';

/** A booking as the API answers it (repo.ts bookingForApi). */
export const bookingResponse = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().describe('E.164'),
  pax: z.number().int(),
  dateStr: z.string().describe("The shop's wall-clock date, YYYY-MM-DD"),
  timeStr: z.string().describe("The shop's wall-clock time, HH:mm"),
  date: z.string().describe('The instant booked (ISO), dateStr + timeStr in the shop time zone'),
  createdTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  specialRequest: z.string().nullable(),
  rejectReason: z.enum(REJECT_REASONS).nullable(),
  noShow: z.boolean(),
  session: z.enum(MEALS),
});

const acknowledged = { acknowledgedAt: z.string().nullable().describe('When someone first acknowledged it on a board') };

/** As the console reads it: when it was acknowledged, and the guest's history at the shop by phone. */
export const consoleBookingResponse = bookingResponse.extend({
  ...acknowledged,
  guest: z.object({
    bookings: z.number().int().describe('Bookings by this phone at this shop made before this one'),
    noShows: z.number().int().describe('How many of those were no-shows'),
    orders: z.number().int().describe('Orders by this phone at this shop'),
  }),
});

export const bookingDetailResponse = consoleBookingResponse.extend({
  history: z
    .array(
      z.object({
        id: z.string(),
        dateStr: z.string(),
        timeStr: z.string(),
        pax: z.number().int(),
        status: z.enum(BOOKING_STATUSES),
        noShow: z.boolean(),
      }),
    )
    .describe("The same phone's other bookings at this shop, newest first, at most 20"),
});

/** The placement's answer: the booking and its cancel token, shown this once. */
export const placedBookingResponse = bookingResponse.extend({
  cancelToken: z.string().optional().describe('Shown once (absent when a retry is answered again); cancels the booking'),
});

export const errorBody = z.object({ message: z.string(), code: z.string(), errors: z.record(z.string(), z.string()).optional() });

/** A 409 on an action another device got to first: the message and the booking as it is now. */
export const movedBody = errorBody.extend({ booking: bookingResponse.extend(acknowledged).optional() });
