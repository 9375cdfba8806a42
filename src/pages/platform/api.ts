import type { RemoteConfig, TransactionFee } from '../../../domain/platform';
import type { Shop } from '../../../domain/shop';
import { callApi, shopPath } from '../../../resources/shops/api';

/** The super-admin calls: review queue, browse, search, transaction fee and the payment switch. */
export const platformApi = {
  review: () => callApi<Shop[]>('/shops/review'),
  approve: (shopId: string) => callApi<Shop>(`${shopPath(shopId)}/approve`, { method: 'POST' }),
  reject: (shopId: string, rejectReason: string) => callApi<Shop>(`${shopPath(shopId)}/reject`, { method: 'POST', body: { rejectReason } }),
  browse: (cursor: string | null, limit: number) =>
    callApi<{ data: Shop[]; nextCursor: string | null }>(
      `/shops/browse?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
    ),
  search: (q: string, limit: number, signal?: AbortSignal) =>
    callApi<Shop[]>(`/shops/search?${new URLSearchParams({ q, limit: String(limit) })}`, { signal }),
  transactionFee: (shopId: string) => callApi<TransactionFee>(`${shopPath(shopId)}/transaction_fee`),
  saveTransactionFee: (shopId: string, body: TransactionFee) =>
    callApi<TransactionFee>(`${shopPath(shopId)}/transaction_fee`, { method: 'PUT', body }),
  remoteConfig: () => callApi<RemoteConfig>('/platform/remote-config'),
  saveRemoteConfig: (body: RemoteConfig) => callApi<RemoteConfig>('/platform/remote-config', { method: 'PUT', body }),
  stripeKey: () => callApi<{ publishableKey: string }>('/platform/stripe-key'),
};
