import { readSettings, SETTINGS } from '../../../domain/settings';
import { fromCents, toCents } from '../../../domain/money';
import type { StoredCart } from '../../../domain/order';
import type { PricingLoyalty } from '../../../domain/pricing';
import { SHOP_COUNTRIES } from '../../../domain/countries';
import {
  cardKey,
  foldCard,
  rewardOf,
  stampWorth,
  takesPart,
  type Card,
  type LedgerEntry,
  type LoyaltyProgram,
  type LoyaltySummary,
  type OrderLoyalty,
} from '../../../domain/loyaltyCard';
import { appendEntry, cardLedger, cardsLedger, entriesOfOrders, lockCard, programDocument, shopLedger, type Exec } from './repo';

/** The loyalty settings document (as stored, amount in cents) as the server applies it. */
export function programOf(stored: unknown): LoyaltyProgram {
  const l = readSettings(SETTINGS.loyalty, stored);
  return {
    enabled: l.enabled,
    count: l.count,
    type: l.type,
    percentage: l.percentage,
    amount: toCents(l.amount),
    noLoyaltyOnDiscountedOrders: l.noLoyaltyOnDiscountedOrders,
  };
}

/** The customer's card as placing an order reads it, before anything is locked. */
export interface PlacementCard {
  /** The card's key: the order's mobile in E.164. */
  mobile: string;
  program: LoyaltyProgram;
  card: Card;
  /** What pricing reads of it. */
  pricing: PricingLoyalty;
}

/**
 * The card's key under each country a shop may have: the placing read picks the shop's in SQL. A number with its
 * country code is the same under every one (parsed once: this runs for every order placed).
 */
export function cardKeys(mobile: string): Record<string, string> {
  if (mobile.startsWith('+')) {
    const key = cardKey(mobile, SHOP_COUNTRIES[0]);
    return Object.fromEntries(SHOP_COUNTRIES.map((c) => [c, key]));
  }
  return Object.fromEntries(SHOP_COUNTRIES.map((c) => [c, cardKey(mobile, c)]));
}

/** The card an order is placed against; null when the shop runs no loyalty program. */
export function placementCard(stored: unknown, ledger: LedgerEntry[], mobile: string, country: string): PlacementCard | null {
  const program = programOf(stored);
  if (!program.enabled) return null;
  const card = foldCard(ledger);
  const reward = rewardOf(card, program.count);
  return {
    mobile: cardKey(mobile, country),
    program,
    card,
    pricing: { rewardCents: reward?.cents ?? null, noLoyaltyOnDiscountedOrders: program.noLoyaltyOnDiscountedOrders },
  };
}

/**
 * Takes the card's lock for the caller's transaction and reads the card again: what was read before may have changed
 * (another order from the same card took the reward). Pricing then judges the order on this card.
 */
export async function lockedCard(shopId: string, tx: Exec, placed: PlacementCard): Promise<PlacementCard> {
  await lockCard(shopId, tx, placed.mobile);
  const card = foldCard(await cardLedger(shopId, tx, placed.mobile));
  const reward = rewardOf(card, placed.program.count);
  return { ...placed, card, pricing: { ...placed.pricing, rewardCents: reward?.cents ?? null } };
}

/**
 * The order was placed with the reward (its cart's loyaltyDiscount): its RESERVE row holds the card's reward
 * stamps. Called in the placing transaction, under the card's lock (lockedCard).
 */
export async function reserveReward(
  shopId: string,
  tx: Exec,
  locked: PlacementCard,
  order: { id: string; placedAt: Date; grandTotal: number },
  now: Date,
): Promise<void> {
  const reward = rewardOf(locked.card, locked.program.count);
  if (!reward) return;
  await appendEntry(shopId, tx, {
    mobile: locked.mobile,
    orderId: order.id,
    kind: 'RESERVE',
    at: now,
    orderTime: order.placedAt,
    grandTotal: order.grandTotal,
    amount: reward.cents,
    stampIds: reward.stamps.map((s) => s.id),
  });
}

/** The card's progress as the customer's app shows it after placing an order. */
export function placedProgress(placed: PlacementCard, rewardApplied: boolean) {
  const stamps = placed.card.stamps.length - (rewardApplied ? placed.program.count : 0);
  return { stamps: Math.max(0, stamps), count: placed.program.count, rewardApplied };
}

/** An order as the loyalty program reads it. */
export interface LoyaltyOrder {
  id: string;
  mobile: string;
  placedAt: Date;
  /** Cents. */
  grandTotal: number;
  cart: Pick<StoredCart, 'coupon' | 'items'>;
}

/**
 * The order was accepted, in the transaction that accepts it (under the order's row lock): a redeeming order's
 * reward is redeemed (the card starts again); any other order taking part in the program earns one stamp. Each at
 * most once per order (the ledger's unique index backs the row lock).
 */
export async function orderAccepted(shopId: string, tx: Exec, order: LoyaltyOrder, now: Date): Promise<void> {
  const [reserved] = (await entriesOfOrders(shopId, tx, [order.id])).filter((e) => e.kind === 'RESERVE');
  const row = { orderId: order.id, at: now, orderTime: order.placedAt, grandTotal: order.grandTotal };
  if (reserved) {
    await lockCard(shopId, tx, reserved.mobile);
    await appendEntry(shopId, tx, { ...row, mobile: reserved.mobile, kind: 'REDEEM', amount: reserved.amount });
    return;
  }
  const { doc, country } = await programDocument(shopId, tx);
  const program = programOf(doc);
  if (!takesPart(program, order.cart)) return;
  const mobile = cardKey(order.mobile, country);
  await lockCard(shopId, tx, mobile);
  const card = foldCard(await cardLedger(shopId, tx, mobile));
  const worth = stampWorth(program, card, order.grandTotal);
  await appendEntry(shopId, tx, { ...row, mobile, kind: 'STAMP', amount: worth.amount, share: worth.share });
}

/**
 * The order was rejected, refunded or its payment failed, in the transaction that says so: whatever it did to its
 * card is taken back (a stamp leaves the card; a reserved or redeemed reward's stamps return to it). Once per order.
 */
export async function orderReversed(shopId: string, tx: Exec, orderId: string, now: Date): Promise<void> {
  const rows = await entriesOfOrders(shopId, tx, [orderId]);
  const did = rows.find((e) => e.kind === 'STAMP' || e.kind === 'RESERVE');
  if (!did || rows.some((e) => e.kind === 'REVERSAL')) return;
  await lockCard(shopId, tx, did.mobile);
  await appendEntry(shopId, tx, {
    mobile: did.mobile,
    orderId,
    kind: 'REVERSAL',
    at: now,
    orderTime: new Date(did.orderTime),
    grandTotal: did.grandTotal,
  });
}

/**
 * Each order's loyalty line for the console: what it did to its card and the card's progress now. Null for an
 * order with no ledger row while the program is off.
 */
export async function loyaltyOfOrders(
  shopId: string,
  db: Exec,
  orders: { id: string; mobile: string }[],
): Promise<Map<string, OrderLoyalty | null>> {
  const answer = new Map<string, OrderLoyalty | null>();
  if (!orders.length) return answer;
  const [{ doc, country }, rows] = await Promise.all([
    programDocument(shopId, db),
    entriesOfOrders(
      shopId,
      db,
      orders.map((o) => o.id),
    ),
  ]);
  const program = programOf(doc);
  const keyOf = new Map(orders.map((o) => [o.id, rows.find((r) => r.orderId === o.id)?.mobile ?? cardKey(o.mobile, country)]));
  const cards = new Map<string, Card>();
  for (const [mobile, entries] of await cardsLedger(shopId, db, [...new Set(keyOf.values())])) cards.set(mobile, foldCard(entries));
  for (const o of orders) {
    const own = rows.filter((r) => r.orderId === o.id);
    if (!program.enabled && !own.length) {
      answer.set(o.id, null);
      continue;
    }
    const card = cards.get(keyOf.get(o.id)!) ?? foldCard([]);
    const reserved = card.reservations.get(o.id);
    const stamp = card.stampOfOrder.get(o.id);
    const effect = reserved ? 'REDEEM' : stamp ? 'STAMP' : null;
    answer.set(o.id, {
      effect,
      amount: fromCents(reserved?.amount ?? stamp?.amount ?? 0),
      stamps: card.stamps.length,
      count: program.count,
      rewardReady: card.stamps.length >= program.count,
    });
  }
  return answer;
}

/** The program at a glance: cards holding stamps, full cards, and the value of the rewards they hold. */
export async function loyaltySummary(shopId: string, db: Exec): Promise<LoyaltySummary> {
  const [{ doc }, ledger] = await Promise.all([programDocument(shopId, db), shopLedger(shopId, db)]);
  const program = programOf(doc);
  let customersWithStamps = 0;
  let fullCards = 0;
  let owed = 0;
  for (const entries of ledger.values()) {
    const card = foldCard(entries);
    if (card.stamps.length) customersWithStamps++;
    const reward = rewardOf(card, program.count);
    if (reward) {
      fullCards++;
      owed += reward.cents;
    }
  }
  return { enabled: program.enabled, count: program.count, customersWithStamps, fullCards, owed: fromCents(owed) };
}
