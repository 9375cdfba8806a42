import type { z } from 'zod';
import type { ShopEventDeclaration, ShopEventDeclarations } from '../../infra/events';
import { rowFromJson } from '../../infra/db/rows';
import { withGuests } from './service';
import { consoleBookingResponse } from './schemas';
import { bookings } from './tables';

type BoardBooking = z.infer<typeof consoleBookingResponse>;

declare module '../../infra/events/registry' {
  interface ShopEventPayloads {
    'booking.created': BoardBooking;
    'booking.updated': BoardBooking;
  }
}

/** A stored booking row (repo.ts storedBooking), or null for the data of older events (the API's shape, not a row). */
const bookingRow = (stored: Record<string, unknown>) =>
  typeof stored.id === 'string' && typeof stored.shop_id === 'string' && typeof stored.date_str === 'string'
    ? rowFromJson(bookings, stored)
    : null;

/** The booking as one item of GET /bookings answers it: the stored row, with its guest's history as it is now. */
const boardBooking: ShopEventDeclaration<BoardBooking>['present'] = async (stored, { shopId, db }) => {
  const rows = stored.map(bookingRow);
  const known = rows.filter((r) => r !== null);
  const answers = await withGuests(shopId, db, known);
  const byRow = new Map(known.map((r, i) => [r, answers[i]]));
  return rows.map((r) => (r ? byRow.get(r)! : null));
};

export const bookingsEvents: ShopEventDeclarations = {
  'booking.created': { description: 'a booking made, as one item of GET bookings', schema: consoleBookingResponse, present: boardBooking },
  'booking.updated': {
    description: 'a booking changed (accepted, rejected, no-show, cancelled by the customer, acknowledged), as one item of GET bookings',
    schema: consoleBookingResponse,
    present: boardBooking,
  },
};
