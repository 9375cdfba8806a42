import type { ApiOrder } from '../../domain/orderView';
import { useLiveList } from '../../src/components/live/useLiveList';
import { boardLists } from './boardData';

/** The shop's NEW orders, oldest first (spec 2 §7). The dashboard and the sidebar count share this query. */
export function useNewOrders(shopId: string) {
  return useLiveList<ApiOrder>('orders', boardLists(shopId).fresh);
}

/** The orders the kitchen is making: accepted and not completed yet, oldest first. */
export function useInProgressOrders(shopId: string) {
  return useLiveList<ApiOrder>('orders', boardLists(shopId).making);
}

/** The orders scheduled for later, waiting for their time to reach the kitchen, by when they are due. */
export function useScheduledOrders(shopId: string) {
  return useLiveList<ApiOrder>('orders', boardLists(shopId).scheduled);
}
