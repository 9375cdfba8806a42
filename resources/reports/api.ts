import { call, shop } from '../../providers/call';
import { saveDownload } from '../../providers/files';
import type { ActiveAccount, Balance, PayoutList, StripeAccount } from '../../domain/stripe';
import type { OrdersSummary, ReconciledPayout, SalesRange, TransactionReport, TodaySummary } from './types';

const reports = (shopId: string) => `/reports${shop(shopId)}`;
const stripe = (shopId: string) => `/stripe${shop(shopId)}`;
const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))).toString();

/** A sales report's range as the routes take it: a named range, or CUSTOM with its first and last day. */
export interface TransactionRangeParams {
  range: SalesRange;
  from?: string;
  to?: string;
}

/**
 * The reports (/api/reports/shops/{shopId}/…) and, for the Payments page, the shop's payment account read through the
 * same calls the account pages make (/api/stripe/shops/{shopId}/…).
 */
export const api = {
  reportOrdersSummary: (shopId: string, from: string, to: string) =>
    call<OrdersSummary>(`${reports(shopId)}/orders/summary?${query({ from, to })}`),
  reportOrdersCsv: (shopId: string, from: string, to: string) =>
    saveDownload(`${reports(shopId)}/orders.csv?${query({ from, to })}`, 'orders.csv'),
  /** The Transaction Report (console URL transactions), served at /sales/summary as the API pins. */
  transactionReportSummary: (shopId: string, body: TransactionRangeParams) =>
    call<TransactionReport>(`${reports(shopId)}/sales/summary`, { method: 'POST', body }),
  transactionReportCsv: (shopId: string, params: TransactionRangeParams) =>
    saveDownload(`${reports(shopId)}/sales.csv?${query({ ...params })}`, 'sales.csv'),
  reportPayouts: (shopId: string, from: string, to: string) =>
    call<ReconciledPayout[]>(`${reports(shopId)}/payouts?${query({ from, to })}`),
  reportToday: (shopId: string) => call<TodaySummary>(`${reports(shopId)}/today`),
  paymentsActiveAccount: (shopId: string) => call<ActiveAccount>(`${stripe(shopId)}/active_account`),
  paymentsAccount: (shopId: string) => call<StripeAccount>(`${stripe(shopId)}/account`),
  paymentsBalance: (shopId: string) => call<Balance>(`${stripe(shopId)}/balance`),
  paymentsUpcomingPayouts: (shopId: string) => call<PayoutList>(`${stripe(shopId)}/payouts?limit=10`),
};

export type ReportsApi = typeof api;
