import type { AcceptBody, BusyBody, BusyState } from '../../domain/order';
import type { ApiOrder, ApiOrderDetail } from '../../domain/orderView';
import type { PreferencesPatch, UserPreferences } from '../../domain/preferences';
import { apiUrl } from '../../providers/deployment';
import { call, seg, shop } from '../../providers/call';

/** The spec's order actions (spec 2 §7), busy mode, the event stream's ticket, and the New Orders sound preference. */
export const api = {
  acceptOrder: (shopId: string, orderId: string, eta: AcceptBody['eta']) =>
    call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/accept`, { method: 'POST', body: { eta } }),
  rejectOrder: (shopId: string, orderId: string, reason: string) =>
    call<ApiOrder>(`/cafes/${seg(shopId)}/orders/${seg(orderId)}/reject`, { method: 'POST', body: { reason } }),
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
  /** The URL of the shop's event stream for EventSource, with a fresh short-lived ticket. */
  eventStreamUrl: async (shopId: string, lastEventId: string | null) => {
    const { ticket } = await call<{ ticket: string }>(`${shop(shopId)}/events/ticket`, { method: 'POST' });
    return `${apiUrl}${shop(shopId)}/events?${new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) })}`;
  },
  /** The signed-in user's own preferences (the New Orders sound, …), the same on every device; PATCH answers the whole document. */
  getPreferences: () => call<UserPreferences>('/me/preferences'),
  updatePreferences: (patch: PreferencesPatch) => call<UserPreferences>('/me/preferences', { method: 'PATCH', body: patch }),
};

export type OrdersApi = typeof api;
