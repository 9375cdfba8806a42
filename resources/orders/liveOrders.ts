import type { ApiOrder } from '../../domain/orderView';
import type { LiveSource } from '../../src/components/live/useLiveBoard';
import { boardLists } from './boardData';

/** The events that change the board: an order (its data the order as the lists answer it), and busy mode. */
export const ORDER_EVENTS = ['order.created', 'order.updated'] as const;
export const BUSY_EVENT = 'busy.updated';

/** New Orders' two lists and which orders each holds, in the order the server lists them (placedAt ASC). */
export function liveOrders(shopId: string): Omit<LiveSource<ApiOrder>, 'onEvent'> {
  const lists = boardLists(shopId);
  return {
    resource: 'orders',
    lists: [
      { params: lists.fresh, holds: (o) => o.orderStatusRestaurant === 'NEW' },
      { params: lists.making, holds: (o) => o.orderStatusRestaurant === 'ACCEPTED' && !o.completedAt },
    ],
    compare: (a, b) => a.placedAt.localeCompare(b.placedAt),
    recordEvents: ORDER_EVENTS,
    complete: (data) => typeof data.id === 'string' && typeof data.cart === 'object' && Array.isArray(data.actions),
    otherEvents: [BUSY_EVENT],
  };
}
