import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { SlotLoad } from '../../../domain/kitchen';
import type { CollectionType } from '../../../domain/order';

/**
 * What each slot from `from` (inclusive) to `to` (exclusive) holds: NEW and ACCEPTED orders that went through (a
 * declined card, a rejected or cancelled order frees its place), as the orders' triggers keep it in
 * kitchen_slot_loads. Keyed by the slot's start in milliseconds.
 */
export async function slotLoads(
  shopId: string,
  db: Pick<Db, 'execute'>,
  type: CollectionType,
  from: Date,
  to: Date,
): Promise<Map<number, SlotLoad>> {
  const res = await db.execute<{ slot: string | Date; orders: number; sales: string | number }>(sql`
    SELECT slot, orders, sales FROM kitchen_slot_loads
    WHERE shop_id = ${shopId} AND collection_type = ${type} AND slot >= ${from.toISOString()}::timestamptz
      AND slot < ${to.toISOString()}::timestamptz AND orders > 0`);
  return new Map(res.rows.map((r) => [new Date(r.slot).getTime(), { orders: Number(r.orders), salesCents: Number(r.sales) }]));
}

/** The slots a placement may take, first choice first, each with the ETA an order accepted as it is placed gets there. */
export interface SlotChoices {
  slots: Date[];
  etas: ({ display: string; time: string } | null)[];
  maxOrders: number | null;
  /** Cents. */
  maxSalesCents: number | null;
}

/** The values of slotTakingCtes' placeholders for these choices. */
export const slotTakingValues = (c: SlotChoices) => ({
  slots: c.slots.map((s) => s.toISOString()),
  etas: JSON.stringify(c.etas),
  maxOrders: c.maxOrders,
  maxSales: c.maxSalesCents,
});

/**
 * Two CTEs that take a slot of the kitchen for one order: `pick`, the first of the choices with room as this
 * statement sees the loads (slot, eta), and `take`, which locks that slot's row and answers it (slot) only if it still
 * has room once every placement before it for that slot has committed (ON CONFLICT DO UPDATE waits for the row and
 * judges its newest version). The row is only locked here; the order's insert counts itself (the orders' trigger).
 * So placements for the same slot take turns for as long as one statement, those for other slots never meet, and
 * every server process meets at the row. `shopId`, `type`, `total` (cents) are expressions of the statement; the rest
 * are placeholders named as slotTakingValues answers them.
 */
export function slotTakingCtes(shopId: SQL, type: SQL, total: SQL, param: (name: string) => SQL): SQL {
  const limits = sql`${param('maxOrders')}::int, ${param('maxSales')}::bigint, ${total}::int`;
  const room = (k: string) => sql`kitchen_slot_room(${sql.raw(k)}.orders, ${sql.raw(k)}.sales, ${limits})`;
  return sql`pick AS (
      SELECT c.slot, nullif(${param('etas')}::jsonb -> (c.n - 1)::int, 'null'::jsonb) AS eta
        FROM unnest(${param('slots')}::timestamptz[]) WITH ORDINALITY AS c(slot, n)
        LEFT JOIN kitchen_slot_loads k ON k.shop_id = ${shopId}::uuid AND k.collection_type = ${type}::text AND k.slot = c.slot
       WHERE ${room('k')}
       ORDER BY c.n LIMIT 1
    ), take AS (
      INSERT INTO kitchen_slot_loads AS t (shop_id, collection_type, slot) SELECT ${shopId}::uuid, ${type}::text, slot FROM pick
      ON CONFLICT (shop_id, collection_type, slot) DO UPDATE SET orders = t.orders WHERE ${room('t')}
      RETURNING slot
    )`;
}

/**
 * Takes a slot for an order about to be inserted in the caller's transaction (which then holds the slot's row until
 * it ends, so a card is charged only once the order has its place): the slot and its ETA, or null when every choice
 * was full by then.
 */
export async function takeSlot(
  shopId: string,
  tx: Pick<Db, 'execute'>,
  type: CollectionType,
  totalCents: number,
  choices: SlotChoices,
): Promise<{ slot: Date; eta: { display: string; time: string } | null } | null> {
  const values: Record<string, unknown> = slotTakingValues(choices);
  const res = await tx.execute<{ slot: string | Date; eta: { display: string; time: string } | null }>(sql`
    WITH ${slotTakingCtes(sql`${shopId}`, sql`${type}`, sql`${totalCents}`, (name) => sql`${sql.param(values[name])}`)}
    SELECT take.slot, pick.eta FROM take, pick`);
  const row = res.rows[0];
  return row ? { slot: new Date(row.slot), eta: row.eta } : null;
}
