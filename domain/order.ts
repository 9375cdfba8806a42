import { z } from 'zod';
import { parseIncompletePhoneNumber } from 'libphonenumber-js';
import { instant } from './dateSchemas';
import { emailSchema } from './account';
import { messages } from './messages';

/** Order restaurant statuses (spec 2 §4). Anything else reads as 'Status Unknown'. */
export const ORDER_STATUSES = ['NEW', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'NA'] as const;

/** The most a card provider charges in one payment (Stripe: 99,999,999 minor units); no order may total more. */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

export const COLLECTION_TYPES = ['PICKUP', 'DELIVERY'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];
export const PAYMENT_TYPES = ['CASH', 'CREDIT_CARD'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** ETA choices (spec 2 §9), in minutes; As Requested is offered only when the customer gave a time. */
export const ETA_MINUTES = [5, 10, 15, 30, 45, 60] as const;
export const etaLabel = (minutes: number) => (minutes === 60 ? '1 hour' : `${minutes} minutes`);

/** What the accept call takes: no ETA, a number of minutes from now, or the customer's own time. */
export const acceptBodySchema = z.object({
  eta: z
    .union([
      z
        .object({
          minutes: z
            .number()
            .refine((m) => (ETA_MINUTES as readonly number[]).includes(m), { error: `minutes should be one of ${ETA_MINUTES.join(', ')}` }),
        })
        .strict(),
      z.object({ asRequested: z.literal(true) }).strict(),
    ])
    .nullable()
    .default(null),
});
export type AcceptBody = z.infer<typeof acceptBodySchema>;

export const REJECT_REASON_MAX = 200;
export const rejectBodySchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, { error: 'Reason is required' })
    .max(REJECT_REASON_MAX, { error: `Must be ${REJECT_REASON_MAX} characters or less` }),
});
/** Reasons the console offers (free text is also accepted). */
export const REJECT_REASONS = ['Store Closed', 'Too Busy', 'Item Unavailable', 'Outside Delivery Area'] as const;

/** One line's choices: attribute values by attribute name; pizza size, toppings and half-and-half; deal choices. */
const names = z.array(z.string().trim().min(1).max(40)).max(40);
const attributeChoices = z.array(z.object({ name: z.string().trim().min(1).max(40), values: names })).max(20);
const pizzaChoices = { size: z.string().trim().min(1).max(24).optional(), addToppings: names.optional(), removeToppings: names.optional() };
const half = z.object({ pizzaId: z.uuid().optional(), addToppings: names.optional(), removeToppings: names.optional() });

const cartLineSchema = z.object({
  itemId: z.uuid({ error: 'itemId should be an item id' }),
  quantity: z
    .number({ error: 'quantity is required' })
    .int()
    .min(1, { error: 'quantity should be at least 1' })
    .max(99, { error: 'quantity should be at most 99' }),
  attributes: attributeChoices.optional(),
  ...pizzaChoices,
  /** Half-and-half: two halves, each optionally another pizza of the same size, with its own toppings. */
  halves: z.tuple([half, half]).optional(),
  /** Deal: per deal item (in the deal's order) the attribute choices; per deal pizza slot the chosen pizzas. */
  dealItems: z
    .array(z.object({ attributes: attributeChoices.optional() }))
    .max(20)
    .optional(),
  dealPizzas: z
    .array(z.object({ pizzaIds: z.array(z.uuid()).max(20) }))
    .max(20)
    .optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

const MOBILE_MESSAGE = 'Mobile should be a phone number';
/** The fewest digits a phone number has anywhere (E.164 numbers have at most 15). */
const MOBILE_MIN_DIGITS = 6;
const mobile = z
  .string({ error: 'Mobile is required' })
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, { error: MOBILE_MESSAGE })
  .transform((v) => parseIncompletePhoneNumber(v))
  // Separators alone ('------') are no number: the per-mobile limit and first-order coupons key on what is left.
  .refine((v) => v.replace('+', '').length >= MOBILE_MIN_DIGITS, { error: MOBILE_MESSAGE });

/** POST /api/storefront/shops/{shopId}/orders. Prices sent by the client are not part of it. */
export const placeOrderSchema = z.object({
  items: z.array(cartLineSchema, { error: 'items is required' }).min(1, { error: 'The cart is empty' }).max(50),
  customerName: z.string({ error: 'Customer name is required' }).trim().min(1, { error: 'Customer name is required' }).max(60),
  mobile,
  collectionType: z.enum(COLLECTION_TYPES, { error: 'collectionType should be PICKUP or DELIVERY' }),
  collectionTime: instant('collectionTime').nullable().default(null),
  collectionName: z.string().trim().max(60).optional(),
  deliveryAddress: z
    .object({
      line1: z.string().trim().min(1, { error: 'Address is required' }).max(120),
      suburb: z.string().trim().min(1, { error: 'Suburb is required' }).max(60),
      postcode: z.string().trim().max(10).optional(),
    })
    .optional(),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'paymentType should be CASH or CREDIT_CARD' }),
  paymentToken: z.string().trim().min(1).max(255).optional(),
  coupon: z
    .string()
    .trim()
    .toUpperCase()
    .max(14)
    .optional()
    .transform((v) => v || undefined),
  comments: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => v || undefined),
  /** Where the receipt goes (and, if the shop rejects the order, why); a blank field is no address. */
  email: z
    .string({ error: messages.emailInvalid })
    .trim()
    .transform((v) => v || undefined)
    .pipe(emailSchema.optional())
    .optional()
    .describe('Optional: the receipt and a rejection notice are mailed here (trimmed, lower-cased, at most 254 characters)'),
});
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

/**
 * The cart part of an order: all that prices it, before checkout asks who the customer is (POST
 * /api/storefront/shops/{shopId}/quote). The payment type stays: a card surcharge depends on it.
 */
export const orderCartSchema = placeOrderSchema.pick({
  items: true,
  collectionType: true,
  collectionTime: true,
  deliveryAddress: true,
  paymentType: true,
  coupon: true,
});
export type OrderCart = z.infer<typeof orderCartSchema>;

/** A priced line as stored (cents) and as the dashboard reads it. */
export interface PricedLine {
  itemId: string;
  name: string;
  summary: string;
  quantity: number;
  unitPrice: number;
  total: number;
  discountable: boolean;
}

/** The whole priced cart, in cents, kept with the order exactly as it was charged. */
export interface StoredCart {
  currency: string;
  items: PricedLine[];
  collectionName: string | null;
  customerName: string;
  collectionType: CollectionType;
  collectionTime: string | null;
  paymentType: PaymentType;
  deliveryAddress: { line1: string; suburb: string; postcode?: string } | null;
  subtotal: number;
  deliveryCharges: number;
  discount: number;
  /** The loyalty reward taken off (its own line); absent on carts priced before the program existed. */
  loyaltyDiscount?: number;
  creditCardSurcharge: number;
  creditCardSurchargeMessage: string | null;
  grandTotal: number;
  coupon: string | null;
  comments: string | null;
}

/** What an order action may do in each status (spec 2 §4); a completed order takes none. */
export function allowedActions(o: {
  status: string;
  orderStatusRestaurant: string;
  completedAt: string | null;
}): ('accept' | 'reject' | 'complete')[] {
  if (o.status === 'FAILURE' || o.completedAt) return [];
  if (o.orderStatusRestaurant === 'NEW') return ['accept', 'reject'];
  if (o.orderStatusRestaurant === 'ACCEPTED') return ['reject', 'complete'];
  return [];
}

/** Busy mode (beyond the spec): pause new orders or add minutes to every quoted time; each ends by itself. */
export const PAUSE_MINUTES = [15, 30, 60] as const;
export const EXTRA_MINUTES = [10, 20, 30] as const;
/** How long added minutes last before the board goes back to normal. */
export const EXTRA_MINUTES_LAST = 60;
export const busyBodySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('OFF') }),
  /** minutes null: until turned back on. */
  z.object({ mode: z.literal('PAUSE'), minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]).nullable() }),
  z.object({ mode: z.literal('EXTRA'), minutes: z.union([z.literal(10), z.literal(20), z.literal(30)]) }),
]);
export type BusyBody = z.infer<typeof busyBodySchema>;
/** Why new orders are paused when nobody at the shop chose it: orders in a row went unanswered (the alerts' sweep). */
export const PAUSE_REASONS = ['AUTO_UNANSWERED'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];
export interface BusyState {
  paused: boolean;
  /** When the pause ends by itself; null with paused: until turned back on. */
  pausedUntil: string | null;
  extraMinutes: number;
  extraUntil: string | null;
  /** Null for a pause someone chose; set while the shop paused itself, with how many orders went unanswered. */
  pauseReason: PauseReason | null;
  unansweredOrders: number | null;
}
export const NOT_BUSY: BusyState = {
  paused: false,
  pausedUntil: null,
  extraMinutes: 0,
  extraUntil: null,
  pauseReason: null,
  unansweredOrders: null,
};

/** The stored busy document as it stands at `now` (expired parts read as off). */
export function busyAt(stored: Partial<BusyState> | undefined, now: Date): BusyState {
  if (!stored) return NOT_BUSY;
  const t = now.getTime();
  const pauseLive = Boolean(stored.paused) && (!stored.pausedUntil || Date.parse(stored.pausedUntil) > t);
  const extraLive = (stored.extraMinutes ?? 0) > 0 && Boolean(stored.extraUntil) && Date.parse(stored.extraUntil!) > t;
  return {
    paused: pauseLive,
    pausedUntil: pauseLive ? (stored.pausedUntil ?? null) : null,
    extraMinutes: extraLive ? stored.extraMinutes! : 0,
    extraUntil: extraLive ? stored.extraUntil! : null,
    pauseReason: pauseLive ? (stored.pauseReason ?? null) : null,
    unansweredOrders: pauseLive && stored.pauseReason ? (stored.unansweredOrders ?? null) : null,
  };
}

/**
 * Where an order stands, in the customer's words (the status page): placed (waiting for the shop), accepted, ready
 * (the kitchen marked it ready; a stage of ACCEPTED), completed (handed over), rejected by the shop, cancelled, or
 * payment_failed (the card was declined; no order).
 */
export const ORDER_STAGES = ['placed', 'accepted', 'ready', 'completed', 'rejected', 'cancelled', 'payment_failed'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/**
 * What happened to the customer's money: charged (card paid), awaiting_payment (card not confirmed yet),
 * pay_at_counter (cash, still to pay), refunded, refund_pending (the shop rejected a paid order and the refund has
 * not gone through yet), not_charged (nothing was taken and nothing is owed).
 */
export const PAYMENT_OUTCOMES = ['charged', 'awaiting_payment', 'pay_at_counter', 'refunded', 'refund_pending', 'not_charged'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

interface OrderState {
  status: string;
  orderStatusRestaurant: string;
  paymentType: string;
  paymentStatus: string;
  completedAt: string | Date | null;
  /** When the kitchen marked it ready (absent where a caller does not know it: reads as not ready). */
  markedReadyAt?: string | Date | null;
}

/**
 * Whether the kitchen may mark an order ready: accepted, not completed, not ready yet. Not one of the spec's actions
 * (`allowedActions` stays the spec's); the ready route answers 409 outside ACCEPTED and after completion, and an
 * order already ready again as it is (a double tap).
 */
export const canMarkReady = (o: OrderState) =>
  o.status === 'OK' && o.orderStatusRestaurant === 'ACCEPTED' && !o.completedAt && !o.markedReadyAt;

export function orderStage(o: OrderState): OrderStage {
  if (o.status === 'FAILURE' || o.orderStatusRestaurant === 'NA') return 'payment_failed';
  switch (o.orderStatusRestaurant) {
    case 'ACCEPTED':
      return o.completedAt ? 'completed' : o.markedReadyAt ? 'ready' : 'accepted';
    case 'DECLINED':
      return 'rejected';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return 'placed';
  }
}

/** From what the order row holds: its payment type and status, and whether the order still stands. */
export function paymentOutcome(o: OrderState): PaymentOutcome {
  const stands = o.status === 'OK' && (o.orderStatusRestaurant === 'NEW' || o.orderStatusRestaurant === 'ACCEPTED');
  if (o.paymentType === 'CASH') return stands ? 'pay_at_counter' : 'not_charged';
  switch (o.paymentStatus) {
    case 'PAID':
      return 'charged';
    case 'REFUND_SUCCESS':
      return 'refunded';
    case 'REFUND_FAILURE':
      return 'refund_pending';
    case 'UNPAID':
      return stands ? 'awaiting_payment' : 'not_charged';
    default:
      return 'not_charged';
  }
}
