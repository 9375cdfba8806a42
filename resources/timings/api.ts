import type { Closure, ClosureInput } from '../../domain/closures';
import { call, seg, shop, type Message } from '../../providers/call';

/** Closures and special hours by date, beside the weekly timings (a settings kind). */
export const api = {
  getClosures: (shopId: string, from?: string) =>
    call<Closure[]>(`${shop(shopId)}/closures${from ? `?${new URLSearchParams({ from })}` : ''}`),
  createClosure: (shopId: string, body: ClosureInput) => call<Closure>(`${shop(shopId)}/closures`, { method: 'POST', body }),
  updateClosure: (shopId: string, closureId: string, body: ClosureInput) =>
    call<Closure>(`${shop(shopId)}/closures/${seg(closureId)}`, { method: 'PUT', body }),
  deleteClosure: (shopId: string, closureId: string) =>
    call<Closure & Message>(`${shop(shopId)}/closures/${seg(closureId)}`, { method: 'DELETE' }),
};

export type TimingsApi = typeof api;
