/** The timings area's messages (resources.timings.*). */
export const i18n = {
  name: 'Store Timings',
  edit: 'Update Timings',
  pickup: 'Pickup',
  delivery: 'Delivery',
  session1: 'Session 1',
  session2: 'Session 2',
  nextDay: 'next day',
  fields: { available: 'Available', open: 'Open', duration: 'Duration', close: 'Close' },
  rows: { pickup: 'Pickup', pickupExt: 'Pickup (Session 2)', delivery: 'Delivery', deliveryExt: 'Delivery (Session 2)' },
  closures: {
    title: 'Closures and special hours',
    help: 'A closure wins over the weekly timings for that date: a public holiday, a private event, closed today.',
    empty: 'No closures coming up.',
    add: 'Add Closure',
    change: 'Change Closure',
    changeOne: 'Change the closure on %{date}',
    fields: { date: 'Date', note: 'Note', pickup: 'Pickup', delivery: 'Delivery', open: 'Opens', close: 'Closes' },
    modes: { closed: 'Closed', usual: 'Open as usual', special: 'Special hours' },
    remove: 'Remove closure on %{date}',
    removeConfirm: 'Remove the closure on %{date}?',
  },
};
