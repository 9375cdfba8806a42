import type { Shortlink } from '../../domain/shortlink';
import { call, shop } from '../../providers/call';

/** The shop's short link: null while it has none (the API's 404 for that case). */
export const api = {
  getShortlink: (shopId: string) =>
    call<Shortlink>(`${shop(shopId)}/shortlink`).catch((error: unknown) => {
      if ((error as { status?: number } | null)?.status === 404) return null;
      throw error;
    }),
  createShortlink: (shopId: string) => call<Shortlink>(`${shop(shopId)}/shortlink`, { method: 'POST' }),
  updateShortlink: (shopId: string, code: string) => call<Shortlink>(`${shop(shopId)}/shortlink`, { method: 'PUT', body: { code } }),
};

export type ShortlinkApi = typeof api;
