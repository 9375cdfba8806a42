import { describe, expect, it } from 'vitest';
import { loyaltyDiscountCents } from '../../domain/pricing';
import {
  amountShare,
  cardKey,
  foldCard,
  isDiscountedOrder,
  rewardOf,
  stampWorth,
  takesPart,
  type LedgerEntry,
  type LoyaltyProgram,
} from '../../domain/loyaltyCard';

const program = (over: Partial<LoyaltyProgram> = {}): LoyaltyProgram => ({
  enabled: true,
  count: 3,
  type: 'AMOUNT',
  percentage: 10,
  amount: 1000,
  noLoyaltyOnDiscountedOrders: false,
  ...over,
});

let nextId = 1;
const entry = (kind: LedgerEntry['kind'], orderId: string, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: nextId++,
  kind,
  orderId,
  at: '2026-11-20T01:00:00.000Z',
  orderTime: '2026-11-20T01:00:00.000Z',
  grandTotal: 900,
  amount: 0,
  share: null,
  stampIds: null,
  ...over,
});

/** Stamps as the server writes them: each worth what stampWorth says on the card as it stands. */
function stamped(p: LoyaltyProgram, orders: string[], rows: LedgerEntry[] = []): LedgerEntry[] {
  const out = [...rows];
  for (const o of orders) {
    const w = stampWorth(p, foldCard(out), 900);
    out.push(entry('STAMP', o, { amount: w.amount, share: w.share }));
  }
  return out;
}

describe('stamp worth and the reward', () => {
  it('PERCENTAGE: each stamp is that percentage of its order; count 2, 10 %: two orders of 9.00 make 1.80', () => {
    const p = program({ type: 'PERCENTAGE', count: 2, percentage: 10 });
    const card = foldCard(stamped(p, ['a', 'b']));
    expect(rewardOf(card, 2)).toMatchObject({ cents: 180 });
    expect(stampWorth(p, card, 999).amount).toBe(100);
  });

  it('AMOUNT: 10.00 in 3 shares is 3.34 + 3.33 + 3.33, adding up exactly, and again for the next card', () => {
    const p = program();
    expect([0, 1, 2].map((s) => amountShare(1000, 3, s))).toEqual([334, 333, 333]);
    const rows = stamped(p, ['a', 'b', 'c', 'd', 'e', 'f']);
    const card = foldCard(rows);
    expect(rewardOf(card, 3)!.cents).toBe(1000);
    expect(card.stamps.slice(3).reduce((s, x) => s + x.amount, 0)).toBe(1000);
  });

  it('AMOUNT: a stamp taken back frees its share for the next one, so the reward still adds up', () => {
    const p = program({ amount: 200, count: 3 });
    let rows = stamped(p, ['a', 'b']);
    rows.push(entry('REVERSAL', 'a'));
    rows = stamped(p, ['c', 'd'], rows);
    expect(rewardOf(foldCard(rows), 3)!.cents).toBe(200);
  });

  it('is not ready before count stamps', () => {
    expect(rewardOf(foldCard(stamped(program(), ['a', 'b'])), 3)).toBeNull();
  });
});

describe('the card from its ledger', () => {
  it('a reserved reward takes its stamps off the card; the reversal gives them back', () => {
    const p = program();
    const rows = stamped(p, ['a', 'b', 'c', 'd']);
    const reward = rewardOf(foldCard(rows), 3)!;
    rows.push(entry('RESERVE', 'r', { amount: reward.cents, stampIds: reward.stamps.map((s) => s.id) }));
    expect(foldCard(rows).stamps.map((s) => s.orderId)).toEqual(['d']);
    rows.push(entry('REDEEM', 'r'));
    expect(foldCard(rows).reservations.get('r')).toMatchObject({ redeemed: true, amount: 1000 });
    rows.push(entry('REVERSAL', 'r'));
    const back = foldCard(rows);
    expect(back.stamps.map((s) => s.orderId)).toEqual(['a', 'b', 'c', 'd']);
    expect(back.reservations.size).toBe(0);
  });

  it("a stamp taken back after a reward used it costs the card's next stamp, not a free one", () => {
    const p = program({ count: 2 });
    const rows = stamped(p, ['a', 'b']);
    const reward = rewardOf(foldCard(rows), 2)!;
    rows.push(entry('RESERVE', 'r', { amount: reward.cents, stampIds: reward.stamps.map((s) => s.id) }));
    rows.push(entry('REVERSAL', 'a'));
    expect(foldCard(rows).debt).toBe(1);
    const after = stamped(p, ['c', 'd'], rows);
    expect(foldCard(after).stamps.map((s) => s.orderId)).toEqual(['d']);
    // The redeeming order is refunded too: b returns, and c (which paid for a) is a stamp again.
    after.push(entry('REVERSAL', 'r'));
    const card = foldCard(after);
    expect(card.debt).toBe(0);
    expect(card.stamps.map((s) => s.orderId)).toEqual(['b', 'c', 'd']);
  });

  it('a second reversal of the same order changes nothing', () => {
    const rows = stamped(program(), ['a', 'b']);
    rows.push(entry('REVERSAL', 'a'), entry('REVERSAL', 'a'));
    expect(foldCard(rows).stamps.map((s) => s.orderId)).toEqual(['b']);
    expect(foldCard(rows).debt).toBe(0);
  });
});

describe('loyaltyDiscountCents', () => {
  const order = { costBeforeDelivery: 900, couponApplied: false, exclusiveCoupon: false, discountedItem: false };
  const card = (rewardCents: number | null, noLoyaltyOnDiscountedOrders = false) => ({ rewardCents, noLoyaltyOnDiscountedOrders });

  it('takes the reward off, capped at what the order costs before delivery', () => {
    expect(loyaltyDiscountCents(card(180), order)).toBe(180);
    expect(loyaltyDiscountCents(card(1500), order)).toBe(900);
    expect(loyaltyDiscountCents(card(1500), { ...order, costBeforeDelivery: 0 })).toBe(0);
  });

  it('none without a full card or a program', () => {
    expect(loyaltyDiscountCents(card(null), order)).toBe(0);
    expect(loyaltyDiscountCents(null, order)).toBe(0);
    expect(loyaltyDiscountCents(undefined, order)).toBe(0);
  });

  it('none on a discounted order when the program says so; otherwise the reward combines with a coupon', () => {
    expect(loyaltyDiscountCents(card(180, true), { ...order, couponApplied: true })).toBe(0);
    expect(loyaltyDiscountCents(card(180, true), { ...order, discountedItem: true })).toBe(0);
    expect(loyaltyDiscountCents(card(180, false), { ...order, couponApplied: true, costBeforeDelivery: 100 })).toBe(100);
  });

  it('none beside an exclusive coupon: the coupon applies, the reward waits', () => {
    expect(loyaltyDiscountCents(card(180), { ...order, couponApplied: true, exclusiveCoupon: true })).toBe(0);
  });
});

describe('who takes part, and the card key', () => {
  const line = { itemId: 'x', name: 'Latte', summary: '', quantity: 1, unitPrice: 450, total: 450, discountable: true };
  it('discounted orders: a coupon or an item marked discounted', () => {
    expect(isDiscountedOrder({ coupon: null, items: [line] })).toBe(false);
    expect(isDiscountedOrder({ coupon: 'TENOFF', items: [line] })).toBe(true);
    expect(isDiscountedOrder({ coupon: null, items: [{ ...line, discountable: false }] })).toBe(true);
    expect(takesPart(program({ noLoyaltyOnDiscountedOrders: true }), { coupon: 'TENOFF', items: [line] })).toBe(false);
    expect(takesPart(program(), { coupon: 'TENOFF', items: [line] })).toBe(true);
    expect(takesPart(program({ enabled: false }), { coupon: null, items: [line] })).toBe(false);
  });

  it('keys a card by the mobile in E.164 under the shop country', () => {
    expect(cardKey('0412345678', 'AU')).toBe('+61412345678');
    expect(cardKey('+61412345678', 'US')).toBe('+61412345678');
    expect(cardKey('12345', 'AU')).toBe('12345');
  });
});
