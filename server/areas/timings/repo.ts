import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Closure, closureInputSchema } from '../../../domain/closures';
import { format, messages } from '../../../domain/messages';
import type { z } from 'zod';
import { isUuid } from '../../infra/db/uuid';
import type { Db } from '../../infra/db/client';
import { shopClosures } from './tables';
import { AppError, conflict, notFound } from '../../infra/http/errors';
import { translateConstraints } from '../../infra/db/constraints';

const columns = {
  id: shopClosures.id,
  date: shopClosures.date,
  note: shopClosures.note,
  pickup: shopClosures.pickup,
  delivery: shopClosures.delivery,
};

/** A shop's closures in date order, optionally from one day to another (inclusive, 'YYYY-MM-DD'). */
export async function listClosures(shopId: string, db: Db, range: { from?: string; to?: string } = {}): Promise<Closure[]> {
  return db
    .select(columns)
    .from(shopClosures)
    .where(
      and(
        eq(shopClosures.shopId, shopId),
        range.from ? gte(shopClosures.date, range.from) : undefined,
        range.to ? lte(shopClosures.date, range.to) : undefined,
      ),
    )
    .orderBy(asc(shopClosures.date));
}

/** Adds a closure; a second one on the same date is a 409. */
export async function createClosure(shopId: string, db: Db, input: z.output<typeof closureInputSchema>): Promise<Closure> {
  const [row] = await translateConstraints(
    () =>
      db
        .insert(shopClosures)
        .values({ shopId, ...input })
        .returning(columns),
    {
      unique: () => conflict(format(messages.closureExists, { date: input.date }), 'CLOSURE_EXISTS'),
      foreignKey: () => notFound('shop', shopId),
    },
  );
  return row!;
}

/** Replaces a closure whole (its date too); moving it onto a date that has one is a 409. */
export async function updateClosure(shopId: string, db: Db, id: string, input: z.output<typeof closureInputSchema>): Promise<Closure> {
  const missing = () => new AppError(404, messages.closureNotFound, 'NOT_FOUND');
  if (!isUuid(id)) throw missing();
  const [row] = await translateConstraints(
    () =>
      db
        .update(shopClosures)
        .set(input)
        .where(and(eq(shopClosures.shopId, shopId), eq(shopClosures.id, id)))
        .returning(columns),
    { unique: () => conflict(format(messages.closureExists, { date: input.date }), 'CLOSURE_EXISTS') },
  );
  if (!row) throw missing();
  return row;
}

export async function deleteClosure(shopId: string, db: Db, id: string): Promise<Closure> {
  const missing = () => new AppError(404, messages.closureNotFound, 'NOT_FOUND');
  if (!isUuid(id)) throw missing();
  const [row] = await db
    .delete(shopClosures)
    .where(and(eq(shopClosures.shopId, shopId), eq(shopClosures.id, id)))
    .returning(columns);
  if (!row) throw missing();
  return row;
}

/**
 * A shop's closures from one day to another (inclusive) as one JSON array of Closure in date order, for a caller's own
 * statement (placing an order reads them with the menu, in one round trip). The arguments are SQL expressions of it.
 */
export const closuresSubquery = (shopId: SQL, from: SQL, to: SQL): SQL => sql`
  (SELECT coalesce(json_agg(json_build_object('id', id, 'date', date, 'note', note, 'pickup', pickup, 'delivery', delivery)
      ORDER BY date), '[]')
    FROM shop_closures WHERE shop_id = ${shopId} AND date BETWEEN ${from} AND ${to})`;
