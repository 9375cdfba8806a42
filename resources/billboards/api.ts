import type { Billboards } from '../../domain/post';
import { call, shop } from '../../providers/call';

/** The shop's one ordered list of billboards, read and replaced whole. */
export const api = {
  getBillboards: (shopId: string) => call<Billboards>(`${shop(shopId)}/billboards`),
  putBillboards: (shopId: string, value: Billboards) => call<Billboards>(`${shop(shopId)}/billboards`, { method: 'PUT', body: value }),
};

export type BillboardsApi = typeof api;
