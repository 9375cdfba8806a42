import type { MainPage, ShopSection } from './contracts/shopSection';
import { section as overview } from '../resources/overview/section';
import { section as shop, pages as shopsPages } from '../resources/shops/section';
import { section as shopUsers } from '../resources/shop-users/section';
import { section as transactionFee } from '../resources/transaction-fee/section';
// posts
import { section as posts } from '../resources/posts/section';
import { section as billboards } from '../resources/billboards/section';
// settings area
import { section as settings } from '../resources/settings/section';
// catalog
import { section as items } from '../resources/items/section';
import { section as menuEditor } from '../resources/menu/section';
import { section as delivery } from '../resources/delivery/section';
import { section as promotions } from '../resources/promotions/section';
import { section as timings } from '../resources/timings/section';
import { section as contact } from '../resources/contact/section';
// stripe (issue 13)
import { section as stripeAccount, payoutsSection as stripePayouts } from '../resources/stripe/section';
// orders (issue 10)
import { sections as orderSections } from '../resources/orders/section';
import { pages as platformPages } from './pages/platform/pages';
import { pages as invitationPages } from './pages/invitation/pages';
// apps
import { pages as appsPages } from '../resources/apps/pages';
import { section as downloads } from '../resources/downloads/section';

/**
 * Every area of the console. The shop shell mounts each shop section under /shops/:shopId/{path}/*, and the
 * sidebar, the breadcrumb and the tab title are read from the same lists. Adding an area: a folder under
 * resources/ with a section.tsx, and one line here.
 */
export const shopSections: ShopSection[] = [overview, shop, shopUsers, transactionFee];
// posts
shopSections.push(posts, billboards);
// settings area
// catalog
shopSections.push(items, menuEditor, delivery);
// apps
shopSections.push(downloads);
shopSections.push(settings, promotions, timings, contact);
// stripe (issue 13)
shopSections.push(stripeAccount, stripePayouts);
// orders (issue 10)
shopSections.push(...orderSections);

export const mainPages: MainPage[] = [...shopsPages, ...platformPages, ...invitationPages];
// apps
mainPages.push(...appsPages);

/** Where /shops/{shopId} leads: the shop's home (spec 1 §2), the orders area's New Orders page. */
export const SHOP_HOME_PATH = orderSections[0].path;
