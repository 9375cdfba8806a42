import type { z } from 'zod';
import type { ShopEventDeclaration, ShopEventDeclarations } from '../../infra/events';
import { rowFromJson } from '../../infra/db/rows';
import { orderForApi } from './repo';
import { withLoyalty } from './orderLoyalty';
import { busyResponse, orderResponse } from './schemas';
import { orders } from './tables';

type BoardOrder = z.infer<typeof orderResponse>;
type Busy = z.infer<typeof busyResponse>;

declare module '../../infra/events/registry' {
  interface ShopEventPayloads {
    'order.created': BoardOrder;
    'order.updated': BoardOrder;
    'busy.updated': Busy;
  }
}

/** A stored order row (repo.ts storedOrder), or null for the data of older events ({orderId, orderStatusRestaurant, ...}, not a row). */
const orderRow = (stored: Record<string, unknown>) =>
  typeof stored.id === 'string' && typeof stored.placed_at === 'string' && typeof stored.cart === 'object'
    ? rowFromJson(orders, stored)
    : null;

/** The order as one item of GET /orders answers it: orderForApi of the stored row, with its loyalty line as it is now. */
const boardOrder: ShopEventDeclaration<BoardOrder>['present'] = async (stored, { shopId, db }) => {
  const rows = stored.map(orderRow);
  const known = rows.filter((r) => r !== null);
  const answers = await withLoyalty(shopId, db, known, (o) => orderForApi(o));
  const byRow = new Map(known.map((r, i) => [r, answers[i]]));
  return rows.map((r) => (r ? byRow.get(r)! : null));
};

export const ordersEvents: ShopEventDeclarations = {
  'order.created': { description: 'an order placed, as one item of GET orders', schema: orderResponse, present: boardOrder },
  'order.updated': {
    description: 'an order changed (accepted, rejected, completed, acknowledged, paid, refunded), as one item of GET orders',
    schema: orderResponse,
    present: boardOrder,
  },
  'busy.updated': { description: 'busy mode changed: the busy document, as GET orders/busy answers it', schema: busyResponse },
};
