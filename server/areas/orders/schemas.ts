import { z } from 'zod';
import { orderLoyaltyResponse, placedLoyaltyResponse } from '../loyalty';
import { instant } from '../../../domain/dateSchemas';

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
export const quoteResponse = cart
  .omit({ customerName: true, collectionName: true, comments: true, loyaltyDiscount: true })
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
  cart,
  actions: z.array(z.enum(['accept', 'reject', 'complete'])),
  loyalty: orderLoyaltyResponse.optional(),
});

/** The order answer of the customers' API: the card's progress instead of the console's loyalty line. */
export const placedOrderResponse = orderResponse.omit({ loyalty: true }).extend({
  loyalty: placedLoyaltyResponse.optional().describe("The customer's card, while the shop runs a loyalty program"),
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
});
