import type { AreaManifest } from '../types';
import routes from './routes';
import cafes from './routesCafes';
import storefrontOrders from './routesStorefront';
import * as tables from './tables';
import { ordersSettingsKinds } from './settingsKinds';
import { ordersEvents } from './events';
import { startOrdersDemo } from './demo';
import { offerSlotsWith } from '../timings';
import { kitchenSlotRoom } from './kitchen';
import { SCHEDULE_SWEEP_MS, scheduleSweep } from './schedule';

// The storefront's hours answer leaves out the slots the kitchen has no room left in.
offerSlotsWith(kitchenSlotRoom);

/**
 * Orders: the shop's orders and busy mode (/shops/:shopId/orders) and their live events, the spec's order actions
 * (/cafes/:shopId/orders/:orderId/accept|reject|complete), the kitchen's ready, placing an order from a customers'
 * app, and the schedule sweep that moves scheduled orders to the kitchen when their time comes.
 */
export const ordersArea: AreaManifest = {
  name: 'orders',
  routes: { shop: routes, cafes, storefront: storefrontOrders },
  tables,
  settingsKinds: ordersSettingsKinds,
  events: ordersEvents,
  workers: (services) => ({ sweep: { everyMs: SCHEDULE_SWEEP_MS, run: scheduleSweep(services) } }),
  // The demo shop's eight weeks of past orders (paid out by its simulated Stripe account), then live orders every few
  // seconds while the demo runs (after the catalog's items and the Stripe accounts).
  demo: async (services, log) => {
    await startOrdersDemo(services, log);
  },
};

export { accountsToReconcile, ordersToReconcile, refundsToReconcile, type OrderMoney, type RefundMoney } from './repoReconciliation';
export { chargeRefunded, orderOfPayment, paymentSucceeded } from './repoPayments';
export { paymentFailed } from './servicePayments';
export { ordersOfPayments } from './repoPayments';
export { shopsWithOrdersSince } from './repoReconciliation';
export { streamOrders, type HistoryFilter, type OrderStream } from './repoStream';
export { orderCountsByMobile, orderSearch, type OrderFilter } from './repo';
export { rejectOrder } from './serviceActions';
export { busyState, pauseForUnanswered } from './repoBusy';
