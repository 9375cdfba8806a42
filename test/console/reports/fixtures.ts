import type { Shop } from '../../../domain/shop';
import type { OrdersSummary, TransactionReport, TodaySummary } from '../../../resources/reports/types';

export const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

export const emptySummary: OrdersSummary = {
  currency: 'AUD',
  orders: 0,
  gross: 0,
  averageOrder: 0,
  deliveryCharges: 0,
  discounts: 0,
  loyaltyDiscounts: 0,
  creditCardSurcharges: 0,
  refunds: 0,
  net: 0,
  byPaymentType: [],
  byCollectionType: [],
  days: [{ date: '2026-11-25', orders: 0, gross: 0, net: 0 }],
  hours: [],
  topItems: { byQuantity: [], byRevenue: [] },
  paymentMix: [],
};

export const summary: OrdersSummary = {
  currency: 'AUD',
  orders: 3,
  gross: 1234.5,
  averageOrder: 411.5,
  deliveryCharges: 10,
  discounts: 5.25,
  loyaltyDiscounts: 1.8,
  creditCardSurcharges: 2.2,
  refunds: 20,
  net: 1214.5,
  byPaymentType: { CASH: { orders: 1, gross: 234.5 }, CREDIT_CARD: { orders: 2, gross: 1000 } },
  byCollectionType: [
    { collectionType: 'PICKUP', orders: 2, gross: 1134.5 },
    { collectionType: 'DELIVERY', orders: 1, gross: 100 },
  ],
  days: [
    { date: '2026-11-24', orders: 1, gross: 234.5, net: 234.5 },
    { date: '2026-11-25', orders: 2, gross: 1000, net: 980 },
  ],
  hours: [
    { hour: 9, orders: 2 },
    { hour: 13, orders: 1 },
  ],
  topItems: {
    byQuantity: [
      { name: 'Flat White', quantity: 7, revenue: 31.5 },
      { name: 'Banquet for Ten', quantity: 1, revenue: 1000 },
    ],
    byRevenue: [
      { name: 'Banquet for Ten', quantity: 1, revenue: 1000 },
      { name: 'Flat White', quantity: 7, revenue: 31.5 },
    ],
  },
  paymentMix: [
    { paymentType: 'CASH', orders: 1, gross: 234.5 },
    { paymentType: 'CREDIT_CARD', orders: 2, gross: 1000 },
  ],
};

export const sales: TransactionReport = {
  from: '2026-11-23',
  to: '2026-11-29',
  currency: 'AUD',
  total: 110,
  gst: 10,
  taxLabel: 'GST',
  creditCardFees: 1.9,
  transactionFees: 0.8,
  refunds: 0,
  netPayout: 107.3,
  days: [
    { date: '2026-11-23', total: 110, gst: 10, creditCardFees: 1.9, transactionFees: 0.8, refunds: 0, netPayout: 107.3 },
    { date: '2026-11-24', total: 0, gst: 0, creditCardFees: 0, transactionFees: 0, refunds: 0, netPayout: 0 },
  ],
};

export const today: TodaySummary = {
  currency: 'AUD',
  today: { sales: 45, orders: 3, average: 15 },
  sameDayLastWeek: { sales: 30, orders: 3, average: 10 },
  waiting: { newOrders: 2, newBookings: 1 },
  week: [
    { date: '2026-11-23', sales: 20 },
    { date: '2026-11-24', sales: 0 },
    { date: '2026-11-25', sales: 45 },
  ],
};
