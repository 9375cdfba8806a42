import type { AreaManifest } from '../types';
import routes from './routes';
import * as tables from './tables';

/** Promotions: the shop's coupons (spec 3 §3 "Promotion"). */
export const promotionsArea: AreaManifest = { name: 'promotions', routes: { shop: routes }, tables };

export { promotions } from './tables';
export { createPromotion, listPromotions, promotionJson } from './repo';
export { couponByCode } from './repo';
