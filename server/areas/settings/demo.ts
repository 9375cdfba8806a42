import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { addDays, localDate } from '../../../domain/hours';
import { newPromotion, promotionInputSchema } from '../../../domain/promotion';
import { SETTINGS, type SettingsKind, type SettingsKindName } from '../../../domain/settings';
import { minutesOf, perWeekday, WEEKDAYS } from '../../../domain/weekdays';
import { closeMinutes } from '../../../domain/timings';
import { toZonedInput } from '../../../domain/zonedTime';
import { closureInputSchema } from '../../../domain/closures';
import type { Services } from '../../infra/context';
import { shops, shopSettings } from '../../infra/db/tables';
import { createClosure, listClosures } from '../timings';
import { createPromotion, listPromotions } from '../promotions';

const DEMO_CAFE = 'Cappuccino Corner';
const on = (open: string, duration: number) => ({ open, duration, available: true });
const off = { open: '10:00', duration: 7, available: false };

const weekend = (day: string) => day === 'saturday' || day === 'sunday';
const HOUR = 60;
/** How long the demo cafe stays open at least after the demo starts: time to look around and order. */
const OPEN_AFTER_START = 3 * HOUR;

/** A believable cafe's week: pickup 6:30 am to 9 pm on weekdays, 8 am to 9 pm at weekends; delivery at lunch and dinner. */
function regularTimings() {
  return perWeekday((day) => ({
    pickup: weekend(day) ? on('08:00', 13) : on('06:30', 14.5),
    pickupExt: off,
    delivery: weekend(day) ? off : on('11:30', 3),
    deliveryExt: on('17:00', 4),
  }));
}

/**
 * The demo cafe's week as of `now`: the regular week, except that a visitor must be able to order whenever someone
 * runs the demo (one started in the evening or at 3 am showed a closed cafe and an empty board). The rule: the day the
 * demo starts on (in the cafe's zone) trades longer, opening at the start of the current hour when that is earlier
 * than usual, and closing no sooner than three hours after it, past midnight if need be. So a demo started at 3 am on
 * a Tuesday opens at 3:00 that Tuesday, one started at 8:40 pm stays open until 11 pm; the other six days keep the
 * regular hours.
 */
export function demoTimings(now: Date, timeZone: string) {
  const week = regularTimings();
  const date = localDate(now, timeZone);
  const today = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
  const hour = Number(toZonedInput(now.toISOString(), timeZone).slice(11, 13)) * HOUR;
  const usual = week[today].pickup;
  const open = Math.min(minutesOf(usual.open), hour);
  const close = Math.max(closeMinutes(usual), hour + OPEN_AFTER_START);
  week[today] = { ...week[today], pickup: on(hhmm(open), (close - open) / HOUR) };
  return week;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / HOUR)).padStart(2, '0')}:${String(minutes % HOUR).padStart(2, '0')}`;

/**
 * Whether a stored week is one the demo wrote and nobody changed since: the regular week with at most one day's pickup
 * stretched (demoTimings), or a week earlier demos wrote. A restarted demo moves such a week to its own start; hours
 * someone edited are theirs.
 */
function demoWrote(stored: unknown): boolean {
  const parse = (week: unknown) => SETTINGS.timings.schema.parse(week);
  if (EARLIER_WEEKS.some((week) => isDeepStrictEqual(stored, parse(week)))) return true;
  const regular = parse(regularTimings());
  const days = stored as Record<string, Record<string, unknown>>;
  const changed = WEEKDAYS.filter((d) => !isDeepStrictEqual(days?.[d], regular[d]));
  if (changed.length > 1) return false;
  if (changed.length === 0) return true;
  const day = changed[0]!;
  return isDeepStrictEqual({ ...days[day], pickup: regular[day].pickup }, regular[day]);
}

/** Weeks earlier demos wrote: a data directory still holding one gets the current week. */
const EARLIER_WEEKS = [
  // Open at every hour: a second pickup session from 15:00 to the next morning's opening.
  perWeekday((day) => ({
    pickup: on(weekend(day) ? '08:00' : '06:30', weekend(day) ? 7 : 8.5),
    pickupExt: on('15:00', (24 * HOUR - 15 * HOUR + (weekend(WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7]!) ? 8 * HOUR : 6.5 * HOUR)) / HOUR),
    delivery: weekend(day) ? off : on('11:30', 3),
    deliveryExt: weekend(day) ? off : on('17:00', 4),
  })),
  // Before that: evenings on Friday and Saturday only.
  perWeekday((day) => ({
    pickup: on(weekend(day) ? '08:00' : '06:30', weekend(day) ? 7 : 8.5),
    pickupExt: day === 'friday' || day === 'saturday' ? on('20:00', 5) : off,
    delivery: weekend(day) ? off : on('11:30', 3),
    deliveryExt: weekend(day) ? off : on('17:00', 4),
  })),
];

/**
 * How the demo cafe is set up, as a real Sydney cafe would be (open whenever the demo starts, see demoTimings):
 * pickup from breakfast to dinner every day, delivery at lunch on weekdays and at dinner every day, a card surcharge,
 * table booking, a loyalty card, alert e-mails and its contact.
 */
function documents(now: Date, timeZone: string): Partial<Record<SettingsKindName, unknown>> {
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
    timings: demoTimings(now, timeZone),
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

  for (const [kind, value] of Object.entries(documents(now, cafe.timezone)) as [SettingsKindName, unknown][]) {
    const k = SETTINGS[kind] as unknown as SettingsKind;
    const parsed = (k.schemaFor ? k.schemaFor(cafe) : k.schema).parse(value);
    const stored = k.toStored ? k.toStored(parsed) : parsed;
    await db.insert(shopSettings).values({ shopId: cafe.id, kind, value: stored, updatedAt: now }).onConflictDoNothing();
  }
  const timings = and(eq(shopSettings.shopId, cafe.id), eq(shopSettings.kind, 'timings'));
  const [kept] = await db.select({ value: shopSettings.value }).from(shopSettings).where(timings);
  const fresh = SETTINGS.timings.schema.parse(demoTimings(now, cafe.timezone));
  if (kept && !isDeepStrictEqual(kept.value, fresh) && demoWrote(kept.value))
    await db.update(shopSettings).set({ value: fresh, updatedAt: now }).where(timings);

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
    // Not today's: the demo opens whenever it is started, even on Christmas Day.
    for (const h of holidays.filter((h) => h.date > today)) await createClosure(cafe.id, db, closureInputSchema.parse(h));
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
