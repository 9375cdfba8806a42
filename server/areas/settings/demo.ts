import { and, eq } from 'drizzle-orm';
import { addDays, localDate } from '../../../domain/hours';
import { newPromotion, promotionInputSchema } from '../../../domain/promotion';
import { SETTINGS, type SettingsKind, type SettingsKindName } from '../../../domain/settings';
import { perWeekday } from '../../../domain/weekdays';
import { closureInputSchema } from '../../../domain/closures';
import type { Services } from '../../infra/context';
import { shops, shopSettings } from '../../infra/db/tables';
import { createClosure, listClosures } from '../timings';
import { createPromotion, listPromotions } from '../promotions';

const DEMO_CAFE = 'Cappuccino Corner';
const on = (open: string, duration: number) => ({ open, duration, available: true });
const off = { open: '10:00', duration: 7, available: false };

/**
 * How the demo cafe is set up, as a real Sydney cafe would be: breakfast-to-lunch pickup every day, a late
 * Friday and Saturday session that runs past midnight, delivery at lunch and dinner on weekdays, a card surcharge,
 * table booking, a loyalty card, alert e-mails and its contact.
 */
function documents(): Partial<Record<SettingsKindName, unknown>> {
  const weekend = (day: string) => day === 'saturday' || day === 'sunday';
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
      ...perWeekday((day) => ({
        breakfast: { on: true, open: weekend(day) ? '08:00' : '07:00', duration: 3 },
        lunch: { on: true, open: '12:00', duration: 3 },
        dinner: { on: day === 'friday' || day === 'saturday', open: '18:00', duration: 4 },
      })),
    },
    loyalty: {
      ...SETTINGS.loyalty.defaults,
      enabled: true,
      count: 9,
      type: 'PERCENTAGE',
      percentage: 100,
      noLoyaltyOnDiscountedOrders: true,
    },
    custom_collection: {
      title: 'Pick up when',
      subtitle: 'Choose a time that suits you',
      list: ['As soon as possible', 'Before 9am', 'Lunchtime', 'After school pickup'],
    },
    timings: perWeekday((day) => ({
      pickup: on(weekend(day) ? '08:00' : '06:30', weekend(day) ? 7 : 8.5),
      pickupExt: day === 'friday' || day === 'saturday' ? on('20:00', 5) : off,
      delivery: weekend(day) ? off : on('11:30', 3),
      deliveryExt: weekend(day) ? off : on('17:00', 4),
    })),
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
