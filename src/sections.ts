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
// orders (issue 10)
import { sections as orderSections } from '../resources/orders/section';
import { pages as platformPages } from './pages/platform/pages';
import { pages as invitationPages } from './pages/invitation/pages';

/**
 * Every area of the console. The shop shell mounts each shop section under /shops/:shopId/{path}/*, and the
 * sidebar, the breadcrumb and the tab title are read from the same lists. Adding an area: a folder under
 * resources/ with a section.tsx, and one line here.
 */
export const shopSections: ShopSection[] = [overview, shop, shopUsers, transactionFee];
// posts
shopSections.push(posts, billboards);
// settings area
shopSections.push(settings);
// catalog
shopSections.push(items, menuEditor, delivery);
// orders (issue 10)
shopSections.push(...orderSections);

export const mainPages: MainPage[] = [...shopsPages, ...platformPages, ...invitationPages];

/** Where /shops/{shopId} leads: the shop's home (spec 1 §2), the orders area's New Orders page. */
export const SHOP_HOME_PATH = orderSections[0].path;
