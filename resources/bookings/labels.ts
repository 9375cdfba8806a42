/**
 * What the shell shows of the bookings area before any of its pages opens (resources.bookings.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  board: {
    newCount: '%{total} new bookings',
  },
  menu: { dashboard: 'New Bookings', history: 'Booking History' },
};
