import type { Area } from './contracts/area';
import { area as shops } from '../resources/shops';
import { area as orders } from '../resources/orders';
import { area as bookings } from '../resources/bookings';
import { area as posts } from '../resources/posts';
import { area as billboards } from '../resources/billboards';
import { area as catalog } from '../resources/catalog';
import { area as stripe } from '../resources/stripe';
import { area as promotions } from '../resources/promotions';
import { area as timings } from '../resources/timings';
import { area as contact } from '../resources/contact';
import { area as downloads } from '../resources/downloads';
import { area as settings } from '../resources/settings';
import { area as staff } from '../resources/staff';
import { area as platform } from '../resources/platform';
import { area as apps } from '../resources/apps';
import { area as shortlink } from '../resources/shortlink';
import { area as loyalty } from '../resources/loyalty';
import { area as reports } from '../resources/reports';
import { area as alerts } from '../resources/alerts';
import { area as apikeys } from '../resources/apikeys';
import { area as webhooks } from '../resources/webhooks';
import { area as account } from '../resources/account';
import { area as audit } from '../resources/audit';

/**
 * Every area of the console, one line each: the only place the shell imports resources/. The routes, the sidebar,
 * the breadcrumb, the tab title (src/sections.ts), the dataProvider and the messages are built from this list.
 * Adding an area: a folder under resources/ whose index.ts exports its manifest, and one line here.
 */
export const areas = [
  shops,
  // Right after shops: its card leads the overview's cards (the shop's home numbers), its orders/report path is
  // matched before the orders area's orders/{orderId}.
  reports,
  orders,
  bookings,
  posts,
  billboards,
  catalog,
  stripe,
  promotions,
  timings,
  contact,
  downloads,
  settings,
  staff,
  platform,
  apps,
  shortlink,
  loyalty,
  alerts,
  apikeys,
  webhooks,
  audit,
  account,
] as const satisfies readonly Area[];
