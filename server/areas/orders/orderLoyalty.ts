import type { Db } from '../../infra/db/client';
import type { ApiOrder } from '../../../domain/orderView';
import { loyaltyOfOrders } from '../loyalty';
import type { OrderRow } from './repo';

/** Orders as the console reads them, each with its loyalty line (the loyalty area's reading of its card). */
export async function withLoyalty<T extends ApiOrder>(shopId: string, db: Db, rows: OrderRow[], answer: (o: OrderRow) => T): Promise<T[]> {
  const lines = await loyaltyOfOrders(shopId, db, rows);
  return rows.map((o) => ({ ...answer(o), loyalty: lines.get(o.id) ?? null }));
}

/** One order as the console reads it, with its loyalty line. */
export async function oneWithLoyalty<T extends ApiOrder>(shopId: string, db: Db, row: OrderRow, answer: T): Promise<T> {
  const [one] = await withLoyalty(shopId, db, [row], () => answer);
  return one;
}

/** The card's progress for a replayed order answer (the first answer's card may have moved on since). */
export async function placedLoyalty(shopId: string, db: Db, o: OrderRow) {
  const line = (await loyaltyOfOrders(shopId, db, [o])).get(o.id);
  return line ? { stamps: line.stamps, count: line.count, rewardApplied: line.effect === 'REDEEM' } : null;
}
