/** The bookings area's messages (resources.bookings.*). */
export const i18n = {
  name: 'Booking |||| Bookings',
  fields: {
    date: 'Date and time',
    name: 'Guest',
    phone: 'Phone',
    pax: 'Guests',
    status: 'Status',
    specialRequest: 'Special request',
    createdTime: 'Booked',
  },
  /** How each status reads (spec 2 §4 gives 'Waiting for Approval' and 'Customer Cancelled'). */
  status: { NEW: 'Waiting for Approval', ACCEPTED: 'Accepted', REJECTED: 'Rejected', CANCELLED: 'Customer Cancelled' },
  /** A rejected booking's status with the reason given, and the mark kept beside an accepted one the guest missed. */
  rejectedFor: 'Rejected: %{reason}',
  noShow: 'No-show',
  board: {
    noun: 'bookings',
    ring: 'Ring for new bookings',
    ringShared: 'The same switch as Ring for new orders on New Orders.',
    ringing: 'Ringing',
    customerCancelled: 'The customer cancelled this booking.',
  },
  card: { booked: 'Booked %{ago}', call: 'Call %{name} on %{phone}', dismiss: 'Dismiss' },
  actions: {
    accept: 'Accept',
    reject: 'Reject',
    accepted: 'Booking accepted',
    rejected: 'Booking rejected',
    markedNoShow: 'Marked as a no-show',
    reason: 'Reason',
    rejectTitle: 'Reject booking',
  },
  guest: {
    title: 'Guest history',
    show: 'Guest history of %{name}',
    none: 'No other bookings at this shop.',
  },
  history: {
    range: 'Date range',
    month: 'Month',
    status: 'Status',
    anyStatus: 'All statuses',
    search: 'Search name or phone',
    noBookingsInRange: 'No bookings in this range',
    waiting: 'One booking is waiting for an answer |||| %{smart_count} bookings are waiting for an answer',
  },
};
