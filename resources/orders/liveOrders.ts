import type { ApiOrder } from '../../domain/orderView';
import type { LiveSource } from '../../src/components/live/useLiveBoard';
import { boardLists } from './boardData';

/** The events that change the board: an order (its data the order as the lists answer it), and busy mode. */
export const ORDER_EVENTS = ['order.created', 'order.updated'] as const;
export const BUSY_EVENT = 'busy.updated';

const open = (o: ApiOrder) => o.status === 'OK' && !o.completedAt;
/** By when it is due (its collection time), then by id: the Scheduled column's order, as the server lists it. */
const byDue = (a: ApiOrder, b: ApiOrder) => (a.collectionTime ?? '').localeCompare(b.collectionTime ?? '') || a.id.localeCompare(b.id);

/** New Orders' three lists and which orders each holds, in the order the server lists them. */
export function liveOrders(shopId: string): Omit<LiveSource<ApiOrder>, 'onEvent'> {
  const lists = boardLists(shopId);
  return {
    resource: 'orders',
    lists: [
      { params: lists.fresh, holds: (o) => o.orderStatusRestaurant === 'NEW' && !o.scheduled },
      { params: lists.making, holds: (o) => o.orderStatusRestaurant === 'ACCEPTED' && !o.completedAt && !o.scheduled },
      {
        params: lists.scheduled,
        holds: (o) => o.scheduled && open(o) && (o.orderStatusRestaurant === 'NEW' || o.orderStatusRestaurant === 'ACCEPTED'),
        compare: byDue,
      },
    ],
    compare: (a, b) => a.placedAt.localeCompare(b.placedAt),
    recordEvents: ORDER_EVENTS,
    complete: (data) => typeof data.id === 'string' && typeof data.cart === 'object' && Array.isArray(data.actions),
    otherEvents: [BUSY_EVENT],
  };
}

/**
 * Whether an event brings the kitchen an order that needs nobody: accepted as it was placed (and not scheduled for
 * later), or an accepted scheduled order whose time has come. The board chimes once for it and prints its ticket
 * where printing is on; a NEW order reaching the kitchen rings instead (it joins New Orders unacknowledged).
 */
export function arrivesAccepted(type: string, data: Partial<ApiOrder>, before: ApiOrder | undefined): boolean {
  if (data.orderStatusRestaurant !== 'ACCEPTED' || data.scheduled || data.completedAt) return false;
  if (type === 'order.created') return !before;
  return type === 'order.updated' && Boolean(before?.scheduled);
}
