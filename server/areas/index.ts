import type { AreaManifest } from './types';
import { accountsArea } from './accounts';
import { shopsArea } from './shops';
import { staffArea } from './staff';
import { platformArea } from './platform';
import { postsArea } from './posts';
import { billboardsArea } from './billboards';
import { appsArea } from './apps';
import { downloadsArea } from './downloads';
import { settingsArea } from './settings';
import { timingsArea } from './timings';
import { promotionsArea } from './promotions';
import { catalogArea } from './catalog';
import { stripeArea } from './stripe';
import { loyaltyArea } from './loyalty';
import { ordersArea } from './orders';
import { shortlinkArea } from './shortlink';
import { bookingsArea } from './bookings';
import { reportsArea } from './reports';
import { alertsArea } from './alerts';
import { apikeysArea } from './apikeys';
import { orderingArea } from './ordering';
import { webhooksArea } from './webhooks';
import { auditArea } from './audit';

/**
 * Every area of the server, one line each. The routes, the drizzle schema, the settings registry, the demo and the
 * background jobs are built from this list; the demo loads in this order (shops before what they hold, the catalog
 * before the orders placed from it).
 */
export const areas: readonly AreaManifest[] = [
  accountsArea,
  shopsArea,
  staffArea,
  platformArea,
  postsArea,
  billboardsArea,
  appsArea,
  downloadsArea,
  settingsArea,
  timingsArea,
  promotionsArea,
  catalogArea,
  stripeArea,
  loyaltyArea,
  ordersArea,
  shortlinkArea,
  bookingsArea,
  reportsArea,
  alertsArea,
  apikeysArea,
  orderingArea,
  webhooksArea,
  auditArea,
];
