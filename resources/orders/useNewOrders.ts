import { useGetList } from 'react-admin';
import type { ApiOrder } from '../../domain/orderView';
import { boardLists } from './boardData';

/** Besides the live stream, the board reads the NEW list again this often, so a lost event never hides an order. */
const REREAD_MS = 60_000;

/** The shop's NEW orders, oldest first (spec 2 §7). The dashboard and the sidebar count share this query. */
export function useNewOrders(shopId: string) {
  return useGetList<ApiOrder>('orders', boardLists(shopId).fresh, { refetchInterval: REREAD_MS, refetchIntervalInBackground: true });
}

/** The orders the kitchen is making: accepted and not completed yet, oldest first. */
export function useInProgressOrders(shopId: string) {
  return useGetList<ApiOrder>('orders', boardLists(shopId).making, { refetchInterval: REREAD_MS, refetchIntervalInBackground: true });
}
