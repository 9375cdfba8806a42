import type { AreaManifest } from '../types';
import routes from './routes';
import * as tables from './tables';

/**
 * Loyalty: customers' cards (stamps for accepted orders, the reward priced with the order), kept as an append-only
 * ledger; the redeemed cards list and the program at a glance (/shops/:shopId/loyalty_cards/...). The orders area
 * calls the exports below inside its own transactions.
 */
export const loyaltyArea: AreaManifest = { name: 'loyalty', routes: { shop: routes }, tables };

export { cardLedgerSubquery } from './repo';
export {
  cardKeys,
  programOf,
  placementCard,
  lockedCard,
  reserveReward,
  placedProgress,
  orderAccepted,
  orderReversed,
  loyaltyOfOrders,
  type PlacementCard,
} from './service';
export { orderLoyaltyResponse, placedLoyaltyResponse } from './schemas';
export { cardAtPlacement, type CardAtPlacement } from './placement';
