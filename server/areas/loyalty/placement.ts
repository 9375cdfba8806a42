import type { LedgerEntry } from '../../../domain/loyaltyCard';
import type { PricingLoyalty } from '../../../domain/pricing';
import type { Exec } from './repo';
import { lockedCard, placedProgress, placementCard, reserveReward, type PlacementCard } from './service';

/**
 * The customer's card as placing an order holds it, from the read before anything is locked to the answer: the orders
 * area asks loyalty once (cardAtPlacement) and then speaks only to this.
 */
export interface CardAtPlacement {
  /** What pricing reads of the card. */
  pricing: PricingLoyalty;
  /** Takes the card's lock for the caller's transaction and answers the card as it is then (another order may have taken the reward). */
  lock(tx: Exec): Promise<CardAtPlacement>;
  /** Holds the card's reward for the order priced with it, in the placing transaction under the card's lock (`lock`). */
  reserve(tx: Exec, order: { id: string; placedAt: Date; grandTotal: number }, now: Date): Promise<void>;
  /** The card's progress as the customer's app shows it after this order. */
  progress(rewardApplied: boolean): { stamps: number; count: number; rewardApplied: boolean };
}

function held(shopId: string, card: PlacementCard): CardAtPlacement {
  return {
    pricing: card.pricing,
    lock: async (tx) => held(shopId, await lockedCard(shopId, tx, card)),
    reserve: (tx, order, now) => reserveReward(shopId, tx, card, order, now),
    progress: (rewardApplied) => placedProgress(card, rewardApplied),
  };
}

/**
 * The card an order is placed against, from the loyalty settings document as stored and the card's ledger (read with
 * cardLedgerSubquery in the placing statement); null when the shop runs no loyalty program.
 */
export function cardAtPlacement(
  shopId: string,
  stored: unknown,
  ledger: LedgerEntry[],
  mobile: string,
  country: string,
): CardAtPlacement | null {
  const card = placementCard(stored, ledger, mobile, country);
  return card && held(shopId, card);
}
