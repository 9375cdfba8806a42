import { z } from 'zod';

/** What the reports answer. Money is in currency units (two decimals); days are the shop's ('YYYY-MM-DD'). */
const split = z.object({ orders: z.number().int(), gross: z.number() });
const item = z.object({ name: z.string(), quantity: z.number().int(), revenue: z.number() });

export const ordersSummaryResponse = z.object({
  /** How fresh the figures are: now, or the last transaction a read replica has replayed. */
  asOf: z.string(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  gross: z.number(),
  averageOrder: z.number(),
  deliveryCharges: z.number(),
  discounts: z.number(),
  loyaltyDiscounts: z.number(),
  creditCardSurcharges: z.number(),
  refundedOrders: z.number().int(),
  refunds: z.number(),
  net: z.number(),
  byPaymentType: z.object({ CASH: split, CREDIT_CARD: split }),
  byCollectionType: z.object({ PICKUP: split, DELIVERY: split }),
  paymentMix: z.array(split.extend({ paymentType: z.enum(['CASH', 'CREDIT_CARD']) })),
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), gross: z.number(), net: z.number() })),
  hours: z.array(z.object({ hour: z.number().int(), orders: z.number().int() })),
  topItems: z.object({ byQuantity: z.array(item), byRevenue: z.array(item) }),
});

const salesFigures = z.object({
  orders: z.number().int(),
  total: z.number(),
  gst: z.number().nullable().describe('The tax the total includes; null where prices include none (US)'),
  creditCardFees: z.number(),
  transactionFees: z.number(),
  refunds: z.number(),
  netPayout: z.number(),
});

export const transactionReportResponse = salesFigures.extend({
  /** How fresh the figures are: now, or the last transaction a read replica has replayed. */
  asOf: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  taxLabel: z.string(),
  days: z.array(salesFigures.extend({ date: z.string() })),
});

const dayFigures = z.object({ sales: z.number(), orders: z.number().int(), average: z.number() });
export const todayResponse = z.object({
  currency: z.string(),
  date: z.string(),
  today: dayFigures,
  sameDayLastWeek: dayFigures,
  waiting: z.object({ newOrders: z.number().int(), newBookings: z.number().int() }),
  week: z.array(z.object({ date: z.string(), sales: z.number() })),
});

export const payoutsResponse = z.array(
  z.object({
    id: z.string(),
    arrivalDate: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: z.string(),
    orders: z.array(
      z.object({
        orderId: z.string(),
        number: z.number().int().nullable().optional(),
        placedAt: z.string(),
        amount: z.number(),
        fee: z.number(),
        net: z.number(),
      }),
    ),
    ordersNet: z.number(),
    difference: z.number(),
  }),
);
