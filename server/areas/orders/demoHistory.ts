import crypto from 'node:crypto';
import type { Services } from '../../infra/context';
import { applicationFee, priceOrder } from '../../../domain/pricing';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { addDays, localDate, zonedInstant } from '../../../domain/hours';
import { etaLabel, type PlaceOrder, type StoredCart } from '../../../domain/order';
import { format, messages } from '../../../domain/messages';
import { stampWorth, takesPart, type Card, type Stamp } from '../../../domain/loyaltyCard';
import { programOf } from '../loyalty';
import { demoMenuItems, hasOrders, insertPastOrders, type PastCardRow, type PastCharge, type PastOrder } from './repoDemoHistory';
import { pricingInputs } from './pricingInputs';

/*
 * Eight weeks of the demo cafe's past orders, so its reports, charts, history and loyalty cards have a past. The orders
 * are priced by the same engine as real ones (domain/pricing.ts) and inserted in a few multi-row statements, so the
 * database's own triggers number them in the shop's sequence and fill the report rollups exactly as
 * for orders placed one by one; the loyalty ledger rows and the simulated provider's charges are written alongside,
 * as accepting and charging would have written them. Deterministic: the same start gives the same past.
 */

const WEEKS = 8;

/** Orders on a day by weekday (Sunday first): a neighbourhood cafe, busiest on Friday and Saturday. */
const PER_DAY = [30, 33, 35, 36, 38, 46, 42];
/** How a day's orders spread over the hours it trades (index = hour): breakfast and lunch peaks, a smaller dinner. */
const WEEKDAY_HOURS: Record<number, number> = {
  6: 4,
  7: 10,
  8: 12,
  9: 7,
  10: 5,
  11: 6,
  12: 11,
  13: 9,
  14: 4,
  15: 3,
  16: 3,
  17: 5,
  18: 6,
  19: 5,
  20: 3,
};
/** Weekends start later, with a long brunch. */
const WEEKEND_HOURS: Record<number, number> = {
  8: 6,
  9: 10,
  10: 11,
  11: 10,
  12: 9,
  13: 7,
  14: 4,
  15: 3,
  16: 3,
  17: 5,
  18: 7,
  19: 6,
  20: 3,
};

/** What sells when (item names of the demo menu, catalog/demo.ts); a name the shop lacks is left out. */
const MORNING = ['Flat White', 'Flat White', 'Latte', 'Cappuccino', 'Long Black', 'Chai Latte', 'English Breakfast Tea'];
const BREAKFAST = ['Big Breakfast', 'Smashed Avo', 'Banana Bread', 'Almond Croissant'];
const LUNCH = ['Chicken Caesar Salad', 'Garlic Bread', 'Soft Drink', 'Smashed Avo', 'Margherita'];
const AFTERNOON = ['Latte', 'Flat White', 'Banana Bread', 'Almond Croissant', 'Chai Latte'];
const DINNER = ['Margherita', 'Pepperoni', 'Capricciosa', 'Garden', 'Garlic Bread', 'Soft Drink'];

const FIRST = ['Ava', 'Liam', 'Olivia', 'Noah', 'Mia', 'Jack', 'Zoe', 'Leo', 'Ruby', 'Oscar', 'Isla', 'Henry', 'Chloe', 'Lucas', 'Grace'];
const LAST = ['Nguyen', 'Smith', 'Brown', 'Wilson', 'Taylor', 'Martin', 'Chen', 'Patel', 'Jones', 'Lee', 'Kelly', 'Walker'];
const STREETS = ['Crown Street', 'Bourke Street', 'Riley Street', 'Foveaux Street', 'Cleveland Street', 'Devonshire Street'];
const REJECTIONS = ['Sorry, we have sold out of that today', 'The kitchen is closing early today', 'We cannot deliver that far tonight'];

/** A small seeded generator (mulberry32): the past is the same on every run of the same day. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type MenuItem = {
  id: string;
  type: string;
  doc: { attributes?: { name: string; optional?: boolean; values: { name: string }[] }[]; sizes?: Record<string, unknown> };
};

/** The regulars first (the live demo's six, whose cards then carry on), then the neighbourhood. */
function customers(n: number, rnd: () => number) {
  const regulars = Array.from({ length: 6 }, (_, i) => `+6140000${1000 + i}`);
  const others = Array.from({ length: n }, (_, i) => `+61412${String(100000 + i * 37).padStart(6, '0')}`);
  const names = new Map([...regulars, ...others].map((m, i) => [m, `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`]));
  // A third of orders come from the regulars, the rest from a crowd where some come back and most come once or twice.
  const pick = () => (rnd() < 0.33 ? regulars[Math.floor(rnd() * regulars.length)]! : others[Math.floor(rnd() ** 2 * others.length)]!);
  return { pick, name: (m: string) => names.get(m)! };
}

/** One cart line for an item: its required choices made, a pizza in a size. */
function line(item: MenuItem, rnd: () => number): PlaceOrder['items'][number] {
  const attributes = (item.doc.attributes ?? [])
    .filter((a) => !a.optional && a.values.length)
    .map((a) => ({ name: a.name, values: [a.values[Math.floor(rnd() * a.values.length)]!.name] }));
  const sizes = Object.keys(item.doc.sizes ?? {});
  const size = item.type === 'PIZZA' ? sizes[Math.min(sizes.length - 1, Math.floor(rnd() * sizes.length))] : undefined;
  return { itemId: item.id, quantity: rnd() < 0.8 ? 1 : 2, attributes, ...(size ? { size } : {}) };
}

/** Inserts the demo cafe's past (eight weeks to yesterday) when it has no orders yet; answers the line to log. */
export async function loadOrderHistory(services: Services, shopId: string, ownerId: string | null): Promise<string | null> {
  const { db, clock } = services;
  if (await hasOrders(shopId, db)) return null;
  const menu = (await demoMenuItems(shopId, db)) as (MenuItem & { name: string })[];
  const byName = new Map(menu.filter((i) => i.type !== 'DEAL').map((i) => [i.name, i]));
  const basics = menu.filter((i) => i.type === 'BASIC');
  if (!basics.length) return null;
  const now = clock.now();
  // Everything pricing reads, once, for a cart naming every item; each past order is then priced at its own moment.
  const reading = { now, mobile: null, mobileLimit: { limit: 1_000_000, windowSeconds: 1 }, ipLimit: null };
  const cartOfAll = {
    items: menu.map((i) => ({ itemId: i.id, quantity: 1 })),
    collectionType: 'PICKUP' as const,
    collectionTime: null,
    coupon: undefined,
  };
  const { shop, inputs, docs } = await pricingInputs(shopId, db, { ...cartOfAll, paymentType: 'CASH' }, reading);
  const program = programOf(docs.get('loyalty'));
  const fees = readSettings(SETTINGS.transaction_fee, docs.get('transaction_fee'));
  const suburbs = inputs.delivery.suburbs ?? [];
  const today = localDate(now, shop.timezone);
  const rnd = random(Number(today.replaceAll('-', '')));
  const people = customers(180, rnd);
  const cards = new Map<string, Stamp[]>();
  const earlier = new Map<string, number>();

  const rows: PastOrder[] = [];
  const ledger: PastCardRow[] = [];
  const charges: PastCharge[] = [];
  let stampSeq = 0;
  const stampOrder = new Map<number, string>();

  for (let d = WEEKS * 7; d >= 1; d--) {
    const date = addDays(today, -d);
    const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
    const weekend = dow === 0 || dow === 6;
    const hours = weekend ? WEEKEND_HOURS : WEEKDAY_HOURS;
    const weight = Object.values(hours).reduce((a, b) => a + b, 0);
    // A cafe finding its feet: the older weeks a little quieter than the last ones.
    const count = Math.round(PER_DAY[dow]! * (0.8 + (0.2 * (WEEKS * 7 - d)) / (WEEKS * 7)) * (0.9 + rnd() * 0.2));
    const times: number[] = [];
    for (const [hour, share] of Object.entries(hours)) {
      const n = Math.round((count * share) / weight + rnd() - 0.5);
      for (let i = 0; i < n; i++) times.push(Number(hour) * 60 + Math.floor(rnd() * 60));
    }
    times.sort((a, b) => a - b);
    for (const minutes of times) {
      const placedAt = zonedInstant(date, minutes, shop.timezone);
      const hour = Math.floor(minutes / 60);
      const names =
        hour < 11
          ? [MORNING, ...(hour >= 7 && rnd() < 0.45 ? [BREAKFAST] : [])]
          : hour < 15
            ? [LUNCH, ...(rnd() < 0.5 ? [MORNING] : [])]
            : hour < 17
              ? [AFTERNOON]
              : [DINNER, DINNER];
      const wanted = names
        .map((list) => byName.get(list[Math.floor(rnd() * list.length)]!))
        .filter((i): i is MenuItem & { name: string } => !!i);
      const mobile = people.pick();
      const inDeliveryHours = !weekend ? (minutes >= 690 && minutes < 870) || hour >= 17 : hour >= 17;
      const delivery = inDeliveryHours && suburbs.length > 0 && rnd() < 0.3;
      const card = rnd() < 0.65;
      const suburb = suburbs[Math.floor(rnd() * suburbs.length)];
      const order = {
        items: (delivery ? [...wanted, ...wanted] : wanted).map((i) => line(i, rnd)),
        collectionType: delivery ? ('DELIVERY' as const) : ('PICKUP' as const),
        collectionTime: null,
        coupon: undefined,
        paymentType: card ? ('CREDIT_CARD' as const) : ('CASH' as const),
        customerName: people.name(mobile),
        ...(delivery && suburb
          ? {
              deliveryAddress: {
                line1: `${10 + Math.floor(rnd() * 180)} ${STREETS[Math.floor(rnd() * STREETS.length)]}`,
                suburb: suburb.name,
                postcode: suburb.postcode,
              },
            }
          : {}),
      };
      const stamps = cards.get(mobile) ?? [];
      // The card as this order found it: a stamp counts from when its order was accepted.
      const onCard = stamps.filter((s) => Date.parse(s.orderTime) <= placedAt.getTime() - 5 * 60_000);
      const full = program.enabled && onCard.length >= program.count;
      const reward = full ? onCard.slice(0, program.count) : [];
      const rewardCents = reward.reduce((sum, x) => sum + x.amount, 0);
      const price = (o: typeof order) =>
        priceOrder({
          ...inputs,
          order: o,
          now: placedAt,
          // The past's hours were the ones it was placed in: a closure or today's hours do not judge it.
          isOpen: () => true,
          loyalty: program.enabled
            ? {
                rewardCents: full ? rewardCents : null,
                noLoyaltyOnDiscountedOrders: program.noLoyaltyOnDiscountedOrders,
              }
            : null,
        });
      let priced = price(order);
      // Under the delivery minimum, or an item not served then: the customer picks it up, or has a flat white.
      if (!priced.ok) priced = price({ ...order, collectionType: 'PICKUP', deliveryAddress: undefined });
      if (!priced.ok)
        priced = price({
          ...order,
          collectionType: 'PICKUP',
          deliveryAddress: undefined,
          items: [line(byName.get('Flat White') ?? basics[0]!, rnd)],
        });
      if (!priced.ok) continue;
      const cart: StoredCart = priced.cart;
      const id = crypto.randomUUID();
      const roll = rnd();
      const failed = cart.paymentType === 'CREDIT_CARD' && roll < 0.012;
      const redeeming = (cart.loyaltyDiscount ?? 0) > 0;
      // A few are turned down: only cash ones not redeeming a reward, so nothing needed refunding or giving back.
      const declined = !failed && cart.paymentType === 'CASH' && !redeeming && roll > 0.97;
      const accepted = !failed && !declined;
      const acceptedAt = new Date(placedAt.getTime() + (1 + Math.floor(rnd() * 4)) * 60_000);
      const prep = cart.collectionType === 'DELIVERY' ? 40 : 15;
      const paid = cart.paymentType === 'CREDIT_CARD' && !failed;
      const paymentId = paid
        ? `sim_ch_${crypto.createHash('sha256').update(`charge:demo-history:${id}`).digest('hex').slice(0, 24)}`
        : null;
      rows.push({
        id,
        shopId,
        // The numbering trigger sets it.
        number: 0,
        status: failed ? 'FAILURE' : 'OK',
        message: failed ? format(messages.orderCardDeclined, { reason: 'Your card was declined.' }) : null,
        orderStatusRestaurant: failed ? 'NA' : declined ? 'DECLINED' : 'ACCEPTED',
        paymentStatus: failed ? 'DECLINED' : paid ? 'PAID' : 'UNPAID',
        paymentType: cart.paymentType,
        customerName: cart.customerName,
        mobile,
        collectionType: cart.collectionType,
        // No kitchen slot: those slots are long past, and their loads are read only to place new orders.
        kitchenSlot: null,
        placedAt,
        previousOrderCount: earlier.get(mobile) ?? 0,
        applicationFee: paid ? applicationFee(fees, cart.grandTotal) : 0,
        grandTotal: cart.grandTotal,
        deliveryCharges: cart.deliveryCharges,
        discount: cart.discount,
        creditCardSurcharge: cart.creditCardSurcharge,
        coupon: cart.coupon,
        cart,
        eta: accepted ? { display: etaLabel(prep), time: new Date(acceptedAt.getTime() + prep * 60_000).toISOString() } : null,
        rejectReason: declined ? REJECTIONS[Math.floor(rnd() * REJECTIONS.length)]! : null,
        acknowledgedAt: failed ? null : acceptedAt,
        acceptedAt: accepted ? acceptedAt : null,
        markedReadyAt: accepted ? new Date(acceptedAt.getTime() + (prep - 3) * 60_000) : null,
        completedAt: accepted ? new Date(acceptedAt.getTime() + (prep + 5) * 60_000) : null,
        actedBy: failed ? null : ownerId,
        paymentProvider: cart.paymentType === 'CREDIT_CARD' ? 'simulated' : null,
        paymentId,
        updatedAt: accepted ? new Date(acceptedAt.getTime() + (prep + 5) * 60_000) : acceptedAt,
      });
      if (!failed) earlier.set(mobile, (earlier.get(mobile) ?? 0) + 1);
      if (paymentId)
        charges.push({
          id: paymentId,
          shopId,
          object: 'charge',
          amount: cart.grandTotal,
          currency: cart.currency.toLowerCase(),
          status: 'succeeded',
          description: `Order from ${cart.customerName}`,
          metadata: { shopId },
          createdAt: placedAt,
        });
      // The card, as placing (the reward's RESERVE) and accepting (its REDEEM, or a STAMP) would have written it.
      if (!accepted) continue;
      const base = { mobile, orderId: id, orderTime: placedAt, grandTotal: cart.grandTotal };
      if (redeeming) {
        ledger.push({
          ...base,
          kind: 'RESERVE',
          at: placedAt,
          amount: rewardCents,
          share: null,
          stamps: reward.map((s) => stampOrder.get(s.id)!),
        });
        ledger.push({ ...base, kind: 'REDEEM', at: acceptedAt, amount: rewardCents, share: null });
        cards.set(
          mobile,
          stamps.filter((s) => !reward.includes(s)),
        );
      } else if (takesPart(program, cart)) {
        const worth = stampWorth(program, { stamps } as Card, cart.grandTotal);
        const stamp = { id: ++stampSeq, orderId: id, orderTime: placedAt.toISOString(), grandTotal: cart.grandTotal, ...worth };
        stampOrder.set(stamp.id, id);
        ledger.push({ ...base, kind: 'STAMP', at: acceptedAt, ...worth });
        cards.set(mobile, [...stamps, stamp]);
      }
    }
  }
  if (!rows.length) return null;

  await insertPastOrders(shopId, db, rows, ledger, charges);
  return `Demo orders: ${rows.length} past orders over the last ${WEEKS} weeks at ${shop.name}`;
}
