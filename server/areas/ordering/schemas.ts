import { z } from 'zod';
import { mediaImage } from '../../infra/images/mediaImage';
import { MEALS } from '../../../domain/booking';
import { perWeekday } from '../../../domain/weekdays';

const bookingSession = z.object({
  session: z.enum(MEALS),
  open: z.string().describe("HH:mm on the shop's wall clock"),
  duration: z.number().describe('Hours; a session may run past midnight and then belongs to the day it starts'),
});

/** GET /api/storefront/shops/{shopId}/page: what the ordering page shows beyond the menu, hours and posts. */
export const shopPageResponse = z.object({
  shop: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    locality: z.string(),
    logo: mediaImage.nullable(),
    address: z.string().nullable().describe("The shop's contact address; null when not given"),
    phone: z.string().nullable().describe('E.164; null when not given'),
    phoneDisplay: z.string().nullable().describe("The phone as people of the shop's country write it"),
    country: z.string(),
    currency: z.string().describe('ISO 4217'),
    locale: z.string().describe('BCP 47, for money and times on the page'),
    timeZone: z.string(),
  }),
  state: z.object({
    open: z.boolean().describe('Open now for pickup or delivery'),
    until: z.string().nullable().describe('While open: when it closes (null: not within the week)'),
    opens: z.string().nullable().describe('While closed: when it next opens (null: not within the week)'),
    paused: z.boolean().describe('Busy mode paused new orders'),
    pausedUntil: z.string().nullable(),
    extraMinutes: z.number().int().describe('Busy mode: minutes added to every order'),
    takesOrders: z.boolean().describe('The shop takes orders at all (a collection type on, not paused)'),
  }),
  checkout: z.object({
    pickup: z.boolean(),
    delivery: z.boolean(),
    laterTime: z.boolean().describe('A customer may ask for a later collection time'),
    sameDayOnly: z.boolean().describe('Later times only on the day of ordering'),
    maxDaysAhead: z.number().int(),
    coupons: z.boolean(),
    comments: z.boolean(),
    cash: z.boolean().describe('Pay at the counter'),
    card: z.boolean().describe('Pay by card now'),
    collectionName: z.object({ title: z.string(), subtitle: z.string() }).nullable().describe('A name asked for the order'),
    surcharge: z
      .object({ amount: z.number(), percentage: z.number(), minimumOrderValue: z.number() })
      .nullable()
      .describe('The card surcharge (currency units, percent); null when none'),
  }),
  booking: z
    .object({
      showLink: z.boolean().describe('The shop asks for a "Book a table" link on its menu page'),
      minPax: z.number().int(),
      maxPax: z.number().int(),
      daysAhead: z.number().int().describe('Bookings from today to today + daysAhead, on the shop calendar'),
      closedDates: z
        .array(z.string())
        .describe('Days (YYYY-MM-DD, shop calendar) from today to today + daysAhead the shop is closed all day: no booking'),
      // An object with one property per weekday (a record over an enum reads as required-but-undefined properties in
      // the OpenAPI document).
      days: z
        .object(perWeekday(() => z.array(bookingSession)))
        .describe("Each weekday's open booking sessions (breakfast, lunch, dinner order)"),
    })
    .nullable()
    .describe(
      'How a customer may book a table; null when the shop takes no bookings. Full sessions and closed days are refused on booking.',
    ),
  payment: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('simulated') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string(), accountId: z.string() }),
    z.object({ provider: z.literal('none') }),
  ]),
});
export type ShopPage = z.infer<typeof shopPageResponse>;
