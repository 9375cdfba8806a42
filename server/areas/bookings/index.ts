import type { AreaManifest } from '../types';
import routes from './routes';
import storefront from './routesStorefront';
import * as tables from './tables';
import { startBookingsDemo } from './demo';
import { bookingsEvents } from './events';

/**
 * Table bookings: the shop's bookings and their actions on the console (/shops/:shopId/bookings, live over the shop's
 * event stream as booking.created and booking.updated), and the customers' booking API (/storefront/shops/:shopId/bookings).
 */
export const bookingsArea: AreaManifest = {
  name: 'bookings',
  routes: { shop: routes, storefront },
  tables,
  events: bookingsEvents,
  // Booking requests into the demo cafe's open sessions now and then while the demo runs.
  demo: async (services, log) => void (await startBookingsDemo(services, log)),
};
