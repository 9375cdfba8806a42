import type { Setup } from '../../domain/setup';
import type { Shop } from '../../domain/shop';
import { call, shop } from '../../providers/call';

/** The platform's shop pages (super admins, spec 3 §2.10–2.12): the review queue and the browse list. */
export const api = {
  reviewQueue: () => call<Shop[]>('/shops/review'),
  approveShop: (shopId: string) => call<Shop>(`${shop(shopId)}/approve`, { method: 'POST' }),
  rejectShop: (shopId: string, rejectReason: string) => call<Shop>(`${shop(shopId)}/reject`, { method: 'POST', body: { rejectReason } }),
  /** The set-up checklist, each step read from the shop's data. */
  shopSetup: (shopId: string) => call<Setup>(`${shop(shopId)}/setup`),
  setupShared: (shopId: string) => call<Setup>(`${shop(shopId)}/setup/shared`, { method: 'POST' }),
  browseShops: (cursor: string | null, limit: number) =>
    call<{ data: Shop[]; nextCursor: string | null }>(
      `/shops/browse?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
    ),
};

export type ShopsApi = typeof api;
