import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import { isSoldOut, type Availability } from '../../../domain/catalog/availability';
import type { SoldOutEntry } from '../../../domain/catalog/soldOutList';
import type { Db } from '../../infra/db/client';
import { appendEvent } from '../../infra/db/shopEvents';
import { storedInstant } from '../../infra/db/storedInstant';
import { items } from './tables';

type Row = typeof items.$inferSelect;
type Choice = { name: string; availability?: Availability };
type Doc = { attributes?: { name: string; values: Choice[] }[]; addToppings?: Choice[] };

/** A choice's stored availability, or none when it no longer reads as one (it then counts as on sale). */
const availabilityOf = (c: Choice): Availability | undefined =>
  c.availability && typeof c.availability.soldOut === 'boolean'
    ? { soldOut: c.availability.soldOut, until: c.availability.until ?? null }
    : undefined;

/** Every sold-out period an item row holds (the item's own, each value's, each topping's), each with where it lives. */
function periodsOf(row: Row): { entry: SoldOutEntry; availability: Availability; clear(): void }[] {
  const doc = row.doc as Doc;
  const base = { itemId: row.id, name: row.name, attribute: null, value: null, topping: null };
  const out: { entry: SoldOutEntry; availability: Availability; clear(): void }[] = [];
  if (row.soldOut) {
    const until = storedInstant(row.soldOutUntil);
    out.push({ entry: { ...base, until }, availability: { soldOut: true, until }, clear: () => undefined });
  }
  for (const a of doc.attributes ?? [])
    for (const v of a.values ?? []) {
      const av = availabilityOf(v);
      if (av?.soldOut)
        out.push({
          entry: { ...base, attribute: a.name, value: v.name, until: av.until },
          availability: av,
          clear: () => (v.availability = { soldOut: false, until: null }),
        });
    }
  for (const t of doc.addToppings ?? []) {
    const av = availabilityOf(t);
    if (av?.soldOut)
      out.push({
        entry: { ...base, topping: t.name, until: av.until },
        availability: av,
        clear: () => (t.availability = { soldOut: false, until: null }),
      });
  }
  return out;
}

/**
 * What the shop has sold out at `now`, for the board's panel: soonest back first, then what waits for a member.
 * Periods whose time has passed are over even before the sweep writes it down.
 */
export async function listSoldOut(shopId: string, db: Db, now: Date): Promise<SoldOutEntry[]> {
  const rows = await db
    .select()
    .from(items)
    .where(
      and(
        eq(items.shopId, shopId),
        or(
          eq(items.soldOut, true),
          sql`${items.doc} @? '$.attributes[*].values[*].availability ? (@.soldOut == true)'`,
          sql`${items.doc} @? '$.addToppings[*].availability ? (@.soldOut == true)'`,
        ),
      ),
    )
    .orderBy(asc(items.name), asc(items.id));
  const entries = rows.flatMap((r) => periodsOf(r).filter((p) => isSoldOut(p.availability, now))).map((p) => p.entry);
  const key = (e: SoldOutEntry) => (e.until === null ? Infinity : new Date(e.until).getTime());
  return entries.sort((a, b) => key(a) - key(b));
}

/** Rows one sweep restores at most, so one transaction stays short; the next tick takes the rest. */
const BATCH = 200;

/**
 * Puts back on sale everything whose sold-out time has come, each with its item.restored event in the transaction
 * that restores it. Rows are claimed FOR UPDATE SKIP LOCKED: two processes sweeping at once restore each period, and
 * write its event, once. Answers how many periods it restored.
 */
export async function restoreDue(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(items)
      .where(
        or(
          and(eq(items.soldOut, true), lte(items.soldOutUntil, now)),
          // The generated flag narrows to documents with a timed choice; which ended is judged below.
          eq(items.timedChoiceSoldOut, true),
        ),
      )
      .orderBy(asc(items.soldOutUntil))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let restored = 0;
    for (const row of rows) {
      const doc = structuredClone(row.doc) as Doc;
      const due = periodsOf({ ...row, doc }).filter((p) => p.availability.until !== null && !isSoldOut(p.availability, now));
      if (!due.length) continue;
      for (const p of due) p.clear();
      const wholeItem = due.some((p) => p.entry.attribute === null && p.entry.topping === null);
      await tx
        .update(items)
        .set({ doc, ...(wholeItem ? { soldOut: false, soldOutUntil: null } : {}), updatedAt: now })
        .where(and(eq(items.shopId, row.shopId), eq(items.id, row.id)));
      for (const p of due) await appendEvent(tx, row.shopId, 'item.restored', { ...p.entry, by: 'CLOCK' });
      restored += due.length;
    }
    return restored;
  });
}
