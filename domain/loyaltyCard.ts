import { customerMobile } from './contact';
import { percentOf } from './pricing';
import type { StoredCart } from './order';

/*
 * A customer's loyalty card at a shop, recomputed from its ledger: the append-only rows the server writes under the
 * card's lock (server/areas/loyalty). Pure: the server folds the rows it reads, the tests fold the rows they expect.
 *
 * - STAMP: an accepted order earned a stamp; it remembers the order and what it is worth toward the reward.
 * - RESERVE: an order was placed with the reward (its loyaltyDiscount); it holds the stamps that made the reward.
 * - REDEEM: that order was accepted: the card starts again (the redemption the console lists).
 * - REVERSAL: the order was rejected or refunded: it takes back its stamp, or gives its reserved stamps back.
 */

export const LEDGER_KINDS = ['STAMP', 'RESERVE', 'REDEEM', 'REVERSAL'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One ledger row as the fold reads it (money in cents). */
export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  orderId: string;
  /** When the row was written (for REDEEM: when the redeeming order was accepted). */
  at: string;
  /** The order's placement time and grand total (cents). */
  orderTime: string;
  grandTotal: number;
  /** STAMP: the stamp's worth; RESERVE: the reward's value (the sum of its stamps' worth). Cents. */
  amount: number;
  /** STAMP with type AMOUNT: which of the `count` equal shares of the amount the stamp carries. */
  share: number | null;
  /** RESERVE: the STAMP rows the reward is made of. */
  stampIds: number[] | null;
}

export interface Stamp {
  id: number;
  orderId: string;
  orderTime: string;
  grandTotal: number;
  amount: number;
  share: number | null;
}

export interface Card {
  /** The stamps on the card, oldest first (stamps held by a pending or redeemed reward are not on it). */
  stamps: Stamp[];
  /** Orders placed with the reward and not reversed, by order id; `redeemed` once accepted. */
  reservations: Map<string, { stampIds: number[]; amount: number; redeemed: boolean }>;
  /** Live stamps by order id (on the card, or held by a reward). */
  stampOfOrder: Map<string, Stamp>;
  /**
   * Stamps taken back after a reward had already used them: each one cancels the card's next stamp, so a refund
   * never leaves a customer with more than they paid for.
   */
  debt: number;
}

/** The card as its ledger rows (any order) say it is now. */
export function foldCard(entries: readonly LedgerEntry[]): Card {
  const rows = [...entries].sort((a, b) => a.id - b.id);
  const card: Card = { stamps: [], reservations: new Map(), stampOfOrder: new Map(), debt: 0 };
  const stampsById = new Map<number, Stamp>();
  const held = new Set<number>();
  const absorbed = new Set<number>();
  const reversed = new Set<number>();
  const putBack = (s: Stamp) => {
    card.stamps.push(s);
    card.stamps.sort((a, b) => a.id - b.id);
  };
  for (const e of rows) {
    if (e.kind === 'STAMP') {
      const s: Stamp = { id: e.id, orderId: e.orderId, orderTime: e.orderTime, grandTotal: e.grandTotal, amount: e.amount, share: e.share };
      stampsById.set(s.id, s);
      card.stampOfOrder.set(s.orderId, s);
      if (card.debt > 0) {
        card.debt--;
        absorbed.add(s.id);
      } else card.stamps.push(s);
    } else if (e.kind === 'RESERVE') {
      const ids = e.stampIds ?? [];
      card.stamps = card.stamps.filter((s) => !ids.includes(s.id));
      ids.forEach((id) => held.add(id));
      card.reservations.set(e.orderId, { stampIds: ids, amount: e.amount, redeemed: false });
    } else if (e.kind === 'REDEEM') {
      const r = card.reservations.get(e.orderId);
      if (r) r.redeemed = true;
    } else {
      const r = card.reservations.get(e.orderId);
      if (r) {
        card.reservations.delete(e.orderId);
        for (const id of r.stampIds) {
          held.delete(id);
          const s = stampsById.get(id);
          if (!reversed.has(id)) {
            if (s) putBack(s);
            continue;
          }
          // A stamp taken back while the reward held it left a debt; with the reward undone the debt goes, and a
          // stamp that already paid it returns to the card.
          const paid = [...absorbed].find((x) => !reversed.has(x));
          if (card.debt > 0) card.debt--;
          else if (paid !== undefined) {
            absorbed.delete(paid);
            putBack(stampsById.get(paid)!);
          }
        }
      }
      const s = card.stampOfOrder.get(e.orderId);
      if (s && !reversed.has(s.id)) {
        reversed.add(s.id);
        card.stampOfOrder.delete(e.orderId);
        if (card.stamps.some((x) => x.id === s.id)) card.stamps = card.stamps.filter((x) => x.id !== s.id);
        else if (absorbed.has(s.id) || held.has(s.id)) card.debt++;
      }
    }
  }
  return card;
}

/** The reward a card holds once it has `count` stamps: its oldest `count` stamps and the sum of their worth. */
export function rewardOf(card: Card, count: number): { stamps: Stamp[]; cents: number } | null {
  if (card.stamps.length < count) return null;
  const stamps = card.stamps.slice(0, count);
  return { stamps, cents: stamps.reduce((sum, s) => sum + s.amount, 0) };
}

/** The loyalty program as the server applies it: money in cents. */
export interface LoyaltyProgram {
  enabled: boolean;
  count: number;
  type: 'AMOUNT' | 'PERCENTAGE';
  percentage: number;
  /** Cents. */
  amount: number;
  noLoyaltyOnDiscountedOrders: boolean;
}

/**
 * What a new stamp on `card` is worth. PERCENTAGE: that percentage of the order's grand total. AMOUNT: one of
 * `count` shares of the amount, split in cents so the shares of one reward add up to the amount exactly (the first
 * `amount % count` shares carry the extra cent); the stamp takes the share the card's stamps hold least often.
 */
export function stampWorth(program: LoyaltyProgram, card: Card, grandTotal: number): { amount: number; share: number | null } {
  if (program.type === 'PERCENTAGE') return { amount: percentOf(grandTotal, program.percentage), share: null };
  const uses = Array.from({ length: program.count }, (_, i) => card.stamps.filter((s) => s.share === i).length);
  const share = uses.indexOf(Math.min(...uses));
  return { amount: amountShare(program.amount, program.count, share), share };
}

/** Share `share` (0-based) of `cents` split into `count` parts that add up to it exactly. */
export function amountShare(cents: number, count: number, share: number): number {
  return Math.floor(cents / count) + (share < cents % count ? 1 : 0);
}

/** An order with a coupon or an item marked discounted (coupons do not reduce it): what noLoyaltyOnDiscountedOrders excludes. */
export function isDiscountedOrder(cart: Pick<StoredCart, 'coupon' | 'items'>): boolean {
  return cart.coupon !== null || cart.items.some((l) => !l.discountable);
}

/** May this order take part in the program (earn a stamp, redeem the reward)? */
export const takesPart = (program: LoyaltyProgram, cart: Pick<StoredCart, 'coupon' | 'items'>) =>
  program.enabled && !(program.noLoyaltyOnDiscountedOrders && isDiscountedOrder(cart));

/**
 * The card's key at a shop: the order's mobile in E.164, read as a number of the shop's country when it has no
 * country code ('0412 345 678' at an Australian shop is '+61412345678'); a number that is not valid keeps its digits.
 */
export function cardKey(mobile: string, country: string): string {
  return customerMobile(mobile, country);
}

/** The card's progress as an order answer shows it. */
export interface CardProgress {
  stamps: number;
  count: number;
}

/** The loyalty line of an order as the console reads it (money in currency units). */
export interface OrderLoyalty {
  /** What the order did to its card: earned a stamp, redeemed the reward, or nothing (not yet, or taken back). */
  effect: 'STAMP' | 'REDEEM' | null;
  /** REDEEM: the reward's value; STAMP: the stamp's worth; else 0. */
  amount: number;
  /** The card's stamps now, of `count`. */
  stamps: number;
  count: number;
  /** The card is full: the customer's next order gets the reward. */
  rewardReady: boolean;
}

/** The program at a glance (money in currency units). */
export interface LoyaltySummary {
  enabled: boolean;
  count: number;
  /** Customers whose card holds at least one stamp. */
  customersWithStamps: number;
  /** Cards holding `count` stamps or more: the reward waits for the next order. */
  fullCards: number;
  /** The value of the rewards those full cards hold: what the shop owes. */
  owed: number;
}

/** A redemption as the console lists it (money in currency units). */
export interface RedeemedCard {
  id: string;
  redeemedTime: string;
  mobile: string;
  orderId: string;
  amount: number;
  rewards: { orderId: string; orderTime: string; grandTotal: number; amount: number }[];
}
