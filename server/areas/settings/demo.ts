import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { addDays, localDate } from '../../../domain/hours';
import { newPromotion, promotionInputSchema } from '../../../domain/promotion';
import { SETTINGS, type SettingsKind, type SettingsKindName } from '../../../domain/settings';
import { perWeekday, WEEKDAYS } from '../../../domain/weekdays';
import { closureInputSchema } from '../../../domain/closures';
import type { Services } from '../../infra/context';
import { shops, shopSettings } from '../../infra/db/tables';
import { createClosure, listClosures } from '../timings';
import { createPromotion, listPromotions } from '../promotions';

const DEMO_CAFE = 'Cappuccino Corner';
const on = (open: string, duration: number) => ({ open, duration, available: true });
const off = { open: '10:00', duration: 7, available: false };

/** The next day's name, Sunday after Saturday. */
const nextDay = (day: string) => WEEKDAYS[(WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]) + 1) % 7]!;
const opensAt = (day: string) => (weekend(day) ? 8 * 60 : 6.5 * 60);
const weekend = (day: string) => day === 'saturday' || day === 'sunday';

/**
 * The demo cafe's week: the morning pickup session of a real cafe, then a second session from 15:00 to the next
 * morning's opening, so the demo takes orders whenever someone runs it (a demo started in the evening showed an
 * empty board); delivery at lunch and dinner on weekdays.
 */
function demoTimings() {
  return perWeekday((day) => ({
    pickup: on(weekend(day) ? '08:00' : '06:30', weekend(day) ? 7 : 8.5),
    pickupExt: on('15:00', (24 * 60 - 15 * 60 + opensAt(nextDay(day))) / 60),
    delivery: weekend(day) ? off : on('11:30', 3),
    deliveryExt: weekend(day) ? off : on('17:00', 4),
  }));
}

/** The week the demo cafe had before it opened around the clock: a data directory still holding it gets the new one. */
const EARLIER_TIMINGS = perWeekday((day) => ({
  pickup: on(weekend(day) ? '08:00' : '06:30', weekend(day) ? 7 : 8.5),
  pickupExt: day === 'friday' || day === 'saturday' ? on('20:00', 5) : off,
  delivery: weekend(day) ? off : on('11:30', 3),
  deliveryExt: weekend(day) ? off : on('17:00', 4),
}));

/**
 * How the demo cafe is set up, as a real Sydney cafe would be (but taking pickup orders at every hour, see
 * demoTimings): breakfast-to-lunch pickup every day, delivery at lunch and dinner on weekdays, a card surcharge,
 * table booking, a loyalty card, alert e-mails and its contact.
 */
function documents(): Partial<Record<SettingsKindName, unknown>> {
  return {
    checkout: {
      ...SETTINGS.checkout.defaults,
      hasCollectionName: true,
      collectionName: { title: 'Name for the order', subtitle: 'We call it out when your coffee is ready' },
      creditCardSurchargeEnabled: true,
      creditCardSurchargeAmount: 0.1,
      creditCardSurchargePercentage: 1.2,
      creditCardSurchargeMinimumOrderValue: 10,
    },
    order: {
      ...SETTINGS.order.defaults,
      newOrderAlertEmailsCsv: 'orders@cappuccino.demo, owner@servery.demo',
      unprocessedOrderAlertEmailsCsv: 'owner@servery.demo',
    },
    booking: {
      ...SETTINGS.booking.defaults,
      on: true,
      showLinkOnMenuPage: true,
      minPax: 2,
      maxPax: 8,
      numDaysInAdvance: 60,
      // The sessions cover the morning pickup hours: mornings to 11:00, lunch to 15:00, and dinner on Friday and Saturday.
      ...perWeekday((day) => ({
        breakfast: { on: true, open: weekend(day) ? '08:00' : '06:30', duration: weekend(day) ? 3 : 4.5, capacity: 30 },
        lunch: { on: true, open: '11:00', duration: 4, capacity: 40 },
        dinner: { on: day === 'friday' || day === 'saturday', open: '20:00', duration: 5, capacity: 24 },
      })),
    },
    // Five accepted orders earn 10 % of what they cost off the sixth (the demo's customers fill cards in minutes).
    loyalty: {
      ...SETTINGS.loyalty.defaults,
      enabled: true,
      count: 5,
      type: 'PERCENTAGE',
      percentage: 10,
      noLoyaltyOnDiscountedOrders: true,
    },
    custom_collection: {
      title: 'Pick up when',
      subtitle: 'Choose a time that suits you',
      list: ['As soon as possible', 'Before 9am', 'Lunchtime', 'After school pickup'],
    },
    timings: demoTimings(),
    contact: { address: '102 Crown Street, Surry Hills NSW 2010', phone: '02 9331 0000', person: 'Olive Owner' },
  };
}

/** The demo cafe's settings, timings, closures and coupons; skips what exists (idempotent). */
export async function loadSettingsDemo(services: Services): Promise<string[]> {
  const { db, clock } = services;
  const [cafe] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.name, DEMO_CAFE), eq(shops.demo, true)));
  if (!cafe) return [];
  const now = clock.now();

  for (const [kind, value] of Object.entries(documents()) as [SettingsKindName, unknown][]) {
    const k = SETTINGS[kind] as unknown as SettingsKind;
    const parsed = (k.schemaFor ? k.schemaFor(cafe) : k.schema).parse(value);
    const stored = k.toStored ? k.toStored(parsed) : parsed;
    await db.insert(shopSettings).values({ shopId: cafe.id, kind, value: stored, updatedAt: now }).onConflictDoNothing();
  }
  const timings = and(eq(shopSettings.shopId, cafe.id), eq(shopSettings.kind, 'timings'));
  const [kept] = await db.select({ value: shopSettings.value }).from(shopSettings).where(timings);
  if (kept && isDeepStrictEqual(kept.value, SETTINGS.timings.schema.parse(EARLIER_TIMINGS)))
    await db
      .update(shopSettings)
      .set({ value: SETTINGS.timings.schema.parse(demoTimings()), updatedAt: now })
      .where(timings);

  const today = localDate(now, cafe.timezone);
  const year = Number(today.slice(0, 4));
  if ((await listClosures(cafe.id, db, { from: today })).length === 0) {
    const holidays = [
      { date: `${year}-12-25`, note: 'Christmas Day' },
      { date: `${year}-12-26`, note: 'Boxing Day', pickup: { open: '09:00', duration: 4 }, delivery: true },
      { date: `${year + 1}-01-01`, note: "New Year's Day" },
      { date: `${year + 1}-01-26`, note: 'Australia Day', pickup: { open: '08:00', duration: 5 }, delivery: true },
      { date: addDays(today, 10), note: 'Private event from 2pm', pickup: { open: '07:00', duration: 7 }, delivery: false },
    ];
    for (const h of holidays.filter((h) => h.date >= today)) await createClosure(cafe.id, db, closureInputSchema.parse(h));
  }

  if ((await listPromotions(cafe.id, db, { sort: ['id', 'ASC'], range: [0, 0], filter: {} })).total === 0) {
    const base = { ...newPromotion(today), endDate: addDays(today, 90) };
    const coupons = [
      {
        ...base,
        coupon: 'WELCOME',
        description: 'Ten percent off your first order',
        type: 'FLAT_PERCENTAGE_DISCOUNT',
        firstOrderDiscount: true,
        maxRedeems: 1,
        flatPercentageDiscount: { applicableOverAmount: 0, discountPercentage: 10 },
      },
      {
        ...base,
        coupon: 'MORNING2',
        description: 'Two dollars off weekday mornings',
        dows: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        collectionType: 'PICKUP',
        flatAmountDiscount: { applicableOverAmount: 8, discountAmount: 2 },
      },
      {
        ...base,
        coupon: 'FREEDEL',
        description: 'Free delivery on orders over $40',
        type: 'FREE_DELIVERY',
        exclusive: true,
        freeDelivery: { applicableOverAmount: 40 },
      },
    ];
    for (const c of coupons) await createPromotion(cafe.id, db, promotionInputSchema.parse(c));
  }
  return [`Demo cafe ${DEMO_CAFE}: settings, store timings, closures and coupons`];
}
