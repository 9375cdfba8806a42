import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import type { BookingDetail, BookingRow, RejectReason } from '../../resources/bookings/booking';
import type { Shop } from '../../domain/shop';

/** Console tests of the bookings area: a shop, bookings as the API lists them, and a dataProvider faking the API. */

export const bookingShop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

let n = 0;
/** A NEW booking for 4 on Fri 27 Nov 2026, 7 pm in Sydney, made a little earlier; `over` changes any field. */
export function bookingRow(over: Partial<BookingRow> = {}): BookingRow {
  n += 1;
  return {
    id: `b-${n}`,
    name: `Guest ${n}`,
    phone: '+61412345678',
    pax: 4,
    dateStr: '2026-11-27',
    timeStr: '19:00',
    date: '2026-11-27T08:00:00.000Z',
    createdTime: '2026-11-25T01:00:00.000Z',
    status: 'NEW',
    acknowledgedAt: null,
    specialRequest: null,
    rejectReason: null,
    noShow: false,
    session: 'dinner',
    guest: { bookings: 0, noShows: 0, orders: 0 },
    ...over,
  };
}

/** The server's 409: its message, and the booking as it now is (without the guest's history). */
const conflict = ({ guest: _guest, ...now }: BookingRow) => {
  const message = `This booking is already ${now.status}; it was changed on another device. Reload to see it.`;
  return new HttpError(message, 409, { message, code: 'BOOKING_STATUS_CHANGED', booking: now });
};

/**
 * The bookings API over an in-memory list: getList filters as the server does (status, date range, q) and sorts by
 * date; the actions move a booking as the server would, and answer 409 when its status no longer allows them.
 * `calls` records every list filter and action.
 */
export function fakeBookingsApi(initial: BookingRow[], history: BookingDetail['history'] = []) {
  const bookings = new Map(initial.map((b) => [b.id, { ...b }]));
  const calls: { action: string; id?: string; reason?: RejectReason; filter?: Record<string, unknown> }[] = [];
  const find = (id: string) => {
    const b = bookings.get(id);
    if (!b) throw new HttpError('Cannot find booking', 404, { message: 'Cannot find booking' });
    return b;
  };
  const move = (id: string, allowed: BookingRow['status'][], change: Partial<BookingRow>) => {
    const b = find(id);
    if (!allowed.includes(b.status)) throw conflict(b);
    Object.assign(b, change);
    return { ...b };
  };
  const dataProvider = {
    ...testDataProvider(),
    getList: async (_resource: string, params: { filter: Record<string, string>; sort: { order: string } }) => {
      calls.push({ action: 'list', filter: params.filter });
      const f = params.filter;
      const rows = [...bookings.values()]
        .filter((b) => !f.status || b.status === f.status)
        .filter((b) => !f.date_gte || b.date >= f.date_gte)
        .filter((b) => !f.date_lte || b.date <= f.date_lte)
        .filter((b) => !f.q || b.name.toLowerCase().includes(f.q.toLowerCase()) || b.phone.includes(f.q))
        .sort((a, b) => (params.sort.order === 'DESC' ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)));
      return { data: rows.map((b) => ({ ...b })), total: rows.length };
    },
    getOne: async (_resource: string, params: { id: string }) => ({ data: { ...find(params.id), history } }),
    eventStreamUrl: async () => 'http://servery.test/api/shops/shop-1/events',
    getShopPreferences: async () => ({ orderPlaced: true, newBooking: true, sound: 'default', soundOn: true }),
    updateShopPreferences: async (_shopId: string, patch: object) => ({
      orderPlaced: true,
      newBooking: true,
      sound: 'default',
      soundOn: true,
      ...patch,
    }),
    acceptBooking: async (_shopId: string, id: string) => {
      calls.push({ action: 'accept', id });
      return move(id, ['NEW'], { status: 'ACCEPTED' });
    },
    rejectBooking: async (_shopId: string, id: string, reason: RejectReason) => {
      calls.push({ action: 'reject', id, reason });
      return move(id, ['NEW', 'ACCEPTED'], { status: 'REJECTED', rejectReason: reason });
    },
    markNoShow: async (_shopId: string, id: string) => {
      calls.push({ action: 'noShow', id });
      return move(id, ['ACCEPTED'], { noShow: true });
    },
    acknowledgeBooking: async (_shopId: string, id: string) => {
      calls.push({ action: 'acknowledge', id });
      const b = find(id);
      b.acknowledgedAt ??= '2026-11-25T01:05:00.000Z';
      return { ...b };
    },
  } as unknown as DataProvider;
  return {
    dataProvider,
    calls,
    /** What another device or the customer does meanwhile. */
    put: (b: BookingRow) => void bookings.set(b.id, { ...b }),
    get: (id: string) => bookings.get(id),
  };
}
