/**
 * What the reports routes answer (/api/reports/shops/{shopId}/…). Money is in currency units unless named otherwise;
 * days are the shop's calendar days ('YYYY-MM-DD').
 */

/** One side of a split (In-Store / Online, Pickup / Delivery). The server may key it by code or list it. */
export interface SplitFigures {
  orders: number;
  gross: number;
}
export type Split = Record<string, SplitFigures | number> | ({ [key: string]: unknown } & SplitFigures)[];

export interface ItemFigures {
  name: string;
  quantity: number;
  revenue: number;
}

export interface OrdersSummary {
  /** How fresh the figures are (ISO instant). */
  asOf?: string;
  currency: string;
  orders: number;
  gross: number;
  averageOrder: number;
  deliveryCharges: number;
  discounts: number;
  loyaltyDiscounts: number;
  creditCardSurcharges: number;
  refunds: number;
  net: number;
  byPaymentType: Split;
  byCollectionType: Split;
  days: { date: string; orders: number; gross: number; net: number }[];
  hours: { hour: number; orders: number }[];
  topItems: { byQuantity: ItemFigures[]; byRevenue: ItemFigures[] };
  paymentMix: { paymentType: string; orders: number; gross: number }[];
}

export { SALES_RANGES, SALES_RANGE_LABELS, type SalesRange } from '../../domain/shopRanges';

export interface TransactionReportDay {
  date: string;
  total: number;
  gst?: number | null;
  creditCardFees: number;
  transactionFees: number;
  refunds: number;
  netPayout: number;
  orders?: number;
}

export interface TransactionReport {
  /** How fresh the figures are (ISO instant). */
  asOf?: string;
  from: string;
  to: string;
  currency: string;
  total: number;
  gst: number | null;
  taxLabel: string;
  creditCardFees: number;
  transactionFees: number;
  refunds: number;
  netPayout: number;
  days: TransactionReportDay[];
}

export interface ReconciledOrder {
  orderId: string;
  number?: number | string | null;
  placedAt: string;
  amount: number;
  fee: number;
  net: number;
}

export interface ReconciledPayout {
  id: string;
  arrivalDate: string;
  amount: number;
  currency: string;
  status: string;
  orders: ReconciledOrder[];
  ordersNet: number;
  difference: number;
}

export interface TodayFigures {
  sales: number;
  orders: number;
  average: number;
}

export interface TodaySummary {
  currency: string;
  today: TodayFigures;
  sameDayLastWeek: TodayFigures;
  waiting: { newOrders: number; newBookings: number };
  week: { date: string; sales: number }[];
}
