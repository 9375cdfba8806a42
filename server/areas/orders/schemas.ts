import { z } from 'zod';
import { orderLoyaltyResponse, placedLoyaltyResponse } from '../loyalty';
import { instant } from '../../../domain/dateSchemas';
import { COLLECTION_TYPES, ORDER_STAGES, PAUSE_REASONS, PAYMENT_OUTCOMES, PAYMENT_TYPES } from '../../../domain/order';

const money = z.number();
const cart = z.object({
  currency: z.string(),
  items: z.array(
    z.object({ itemId: z.string(), name: z.string(), summary: z.string(), quantity: z.number(), unitPrice: money, total: money }),
  ),
  collectionName: z.string().nullable(),
  customerName: z.string(),
  collectionType: z.string(),
  collectionTime: z.string().nullable(),
  paymentType: z.string(),
  deliveryAddress: z.object({ line1: z.string(), suburb: z.string(), postcode: z.string().optional() }).nullable(),
  subtotal: money,
  deliveryCharges: money,
  discount: money,
  loyaltyDiscount: money.describe('The loyalty reward taken off (0 when none)'),
  creditCardSurcharge: money,
  creditCardSurchargeMessage: z.string().nullable(),
  grandTotal: money,
  coupon: z.string().nullable(),
  comments: z.string().nullable(),
});

/** A priced cart before checkout (serviceQuote.ts): the figures placing it would store, without the customer's words. */
const readyAt = z
  .string()
  .nullable()
  .describe(
    'When the order will be ready as far as placing it says: the ETA of an order the shop accepts automatically, or for ' +
      "an order wanted as soon as possible that a full kitchen moved to a later 15-minute slot, that slot's start; null " +
      'when the shop will say when it accepts the order.',
  );

export const quoteResponse = cart
  .omit({ customerName: true, collectionName: true, comments: true, loyaltyDiscount: true })
  .extend({ readyAt: readyAt.unwrap().optional().describe('As placing would answer it; left out when placing would answer null') })
  .describe('The cart as placing it now would price it; money in currency units');

/** An order as the API answers it (repo.ts orderForApi). */
export const orderResponse = z.object({
  id: z.string(),
  number: z.number().int().describe("The order's short number within its shop, from 1001 (shown as #1042)"),
  shopId: z.string(),
  status: z.string(),
  message: z.string().nullable(),
  orderStatusRestaurant: z.string(),
  paymentStatus: z.string(),
  mobile: z.string(),
  customerName: z.string(),
  collectionType: z.string(),
  collectionTime: z.string().nullable(),
  paymentType: z.string(),
  placedAt: z.string(),
  previousOrderCount: z.number(),
  applicationFee: z.number().describe('cents'),
  grandTotal: money,
  eta: z.object({ display: z.string(), time: z.string().nullable() }).nullable(),
  rejectReason: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  stage: z
    .enum(ORDER_STAGES)
    .describe('Where the order stands, as its customer reads it; ready: the kitchen marked it ready (ACCEPTED, not completed)'),
  markedReadyAt: z.string().nullable().describe('When the kitchen marked it ready (POST …/ready); null until then'),
  kitchenAt: z
    .string()
    .nullable()
    .describe(
      "A scheduled order's time to reach the kitchen: its collection time minus the prep time (the kitchen settings' " +
        'readyInMinutes); null for an order the kitchen saw as it was placed',
    ),
  scheduled: z.boolean().describe('Still waiting for kitchenAt (the board shows it in Scheduled); false once it reached the kitchen'),
  cart,
  actions: z.array(z.enum(['accept', 'reject', 'complete'])),
  loyalty: orderLoyaltyResponse.optional(),
});

/** The order answer of the customers' API: the card's progress instead of the console's loyalty line. */
export const placedOrderResponse = orderResponse.omit({ loyalty: true }).extend({
  readyAt,
  loyalty: placedLoyaltyResponse.optional().describe("The customer's card, while the shop runs a loyalty program"),
  statusToken: z
    .string()
    .describe(
      "Reads this order's status (GET orders/{orderId}?token=, and its events stream). Unguessable, the same on every " +
        'answer for this order (a replay too); keep it with the order.',
    ),
});

/** One order as its console page reads it: the order and every refund attempt, first first (staff only, never the customers' API). */
export const orderDetailResponse = orderResponse.extend({
  refundAttempts: z.array(
    z.object({
      at: z.string(),
      outcome: z.enum(['SUCCEEDED', 'FAILED']),
      message: z.string().nullable().describe("The provider's message when the attempt failed"),
      by: z.object({ id: z.string(), name: z.string() }).nullable().describe('Who rejected the order or retried its refund'),
    }),
  ),
});

/** What the orders a history filter lists add up to. */
export const orderTotalsResponse = z.object({
  orders: z.number().int().describe('How many orders the filter lists'),
  gross: money.describe('The sum of their grand totals, in currency units'),
});

export const busyResponse = z.object({
  paused: z.boolean(),
  pausedUntil: z.string().nullable(),
  extraMinutes: z.number(),
  extraUntil: z.string().nullable(),
  pauseReason: z.enum(PAUSE_REASONS).nullable().describe('AUTO_UNANSWERED: the shop paused itself; null: someone paused it'),
  unansweredOrders: z.number().int().nullable().describe('With AUTO_UNANSWERED: how many orders in a row went unanswered'),
});

/** The busy state as stored whole (settings kind orders_busy): each part with the time it ends, or null. */
export const busyStateSchema = z.object({
  paused: z.boolean(),
  pausedUntil: instant('pausedUntil').nullable(),
  extraMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  extraUntil: instant('extraUntil').nullable(),
  // Written by the alerts' sweep when the shop pauses itself; a document saved before them reads as a chosen pause.
  pauseReason: z.enum(PAUSE_REASONS).nullable().default(null),
  unansweredOrders: z.number().int().min(1).max(100).nullable().default(null),
});

/** One order as its customer reads it (customerStatus.ts): no staff, payment-provider or other customers' data. */
export const orderStatusResponse = z.object({
  id: z.string(),
  number: z.number().int().describe("The order's short number within its shop (shown as #1042, as the shop's board shows it)"),
  shopId: z.string(),
  shopName: z.string(),
  status: z.string().describe('As stored: NEW, ACCEPTED, DECLINED, CANCELLED, NA, or FAILURE (a declined card)'),
  stage: z
    .enum(ORDER_STAGES)
    .describe(
      'For the page: placed (waiting for the shop), accepted, ready (the kitchen has it ready), completed (handed over), ' +
        'rejected (by the shop), ' +
        'cancelled, payment_failed (the card was declined; there is no order)',
    ),
  placedAt: z.string(),
  readyAt: z
    .string()
    .nullable()
    .describe('When the shop said the order will be ready (the accepted ETA); null before it accepts, or if it gave none'),
  markedReadyAt: z.string().nullable().describe('When the shop marked the order ready (stage ready); null otherwise'),
  scheduledFor: z
    .string()
    .nullable()
    .describe('For a scheduled order not yet in the kitchen: the time it is for (the shop starts it before then); null otherwise'),
  rejectReason: z.string().nullable(),
  failureMessage: z.string().nullable().describe("Why the payment failed (the card's answer), only for payment_failed"),
  payment: z.object({
    type: z.enum(PAYMENT_TYPES),
    outcome: z
      .enum(PAYMENT_OUTCOMES)
      .describe(
        'charged (card paid), awaiting_payment (card not confirmed yet), pay_at_counter (cash, to pay on collection), ' +
          'refunded, refund_pending (rejected, and the refund has not gone through yet), not_charged (nothing taken, nothing owed)',
      ),
  }),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      choices: z.string().describe("The line's choices in words ('' when none)"),
      unitPrice: money,
      total: money,
    }),
  ),
  totals: z
    .object({
      currency: z.string(),
      subtotal: money,
      discount: money,
      loyaltyDiscount: money,
      creditCardSurcharge: money,
      deliveryCharges: money,
      total: money,
    })
    .describe('In currency units'),
  collectionType: z.enum(COLLECTION_TYPES),
  collectionTime: z.string().nullable().describe('The time the customer asked for; null: as soon as possible'),
  customerName: z.string(),
});
