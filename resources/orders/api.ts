import type { AcceptBody, BusyBody, BusyState } from '../../domain/order';
import type { Closure } from '../../domain/closures';
import type { ApiOrder, ApiOrderDetail } from '../../domain/orderView';
import { call, seg, shop } from '../../providers/call';
import { saveDownload } from '../../providers/files';
import { historyCsvPath, type HistoryFilter } from './historyFilter';

/** The spec's order actions (spec 2 §7), acknowledging an order, and busy mode. */
export const api = {
  acceptOrder: (shopId: string, orderId: string, eta: AcceptBody['eta']) =>
    call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/accept`, { method: 'POST', body: { eta } }),
  rejectOrder: (shopId: string, orderId: string, reason: string) =>
    call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/reject`, { method: 'POST', body: { reason } }),
  /** The kitchen has it ready (a stage of ACCEPTED): the customer is told; a second tap changes nothing. */
  readyOrder: (shopId: string, orderId: string) => call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/ready`, { method: 'POST' }),
  completeOrder: (shopId: string, orderId: string) =>
    call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/complete`, { method: 'POST' }),
  /**
   * ADMIN: asks the provider again for the failed refund of a declined card order (same idempotency key); answers the
   * order with every attempt.
   */
  retryRefund: (shopId: string, orderId: string) =>
    call<ApiOrderDetail>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/refund/retry`, { method: 'POST' }),
  acknowledgeOrder: (shopId: string, orderId: string) =>
    call<ApiOrder>(`${shop(shopId)}/orders/${seg(orderId)}/acknowledge`, { method: 'POST' }),
  getBusy: (shopId: string) => call<BusyState>(`${shop(shopId)}/orders/busy`),
  setBusy: (shopId: string, body: BusyBody) => call<BusyState>(`${shop(shopId)}/orders/busy`, { method: 'PUT', body }),
  /** How many orders the history filter lists and their grand totals added up (currency units). */
  getOrderTotals: (shopId: string, filter: HistoryFilter) =>
    call<{ orders: number; gross: number }>(`${shop(shopId)}/orders/totals?${new URLSearchParams({ filter: JSON.stringify(filter) })}`),
  /** Saves Order History's CSV of what its filter lists (order-history-<first day>-<last day>.csv). */
  exportOrders: (shopId: string, filter: HistoryFilter) => saveDownload(historyCsvPath(shopId, filter), 'order-history.csv'),
  /** The closures from a day on, for the board's open or closed line (the timings area edits them). */
  boardClosures: (shopId: string, from: string) => call<Closure[]>(`${shop(shopId)}/closures?${new URLSearchParams({ from })}`),
};

export type OrdersApi = typeof api;
