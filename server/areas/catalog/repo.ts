import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { logUnreadable, storedInstant, type UnreadableLog } from '../../infra/db/storedInstant';
import { escapeLike } from '../../infra/db/list';
import type { AvailabilityBody, Item, ItemInput, ItemType } from '../../../domain/catalog/item';
import { ITEM_NAME_MAX } from '../../../domain/catalog/item';
import { itemDocFromCents, itemDocToCents } from '../../../domain/catalog/itemMoney';
import { format, messages } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import { isUuid } from '../../infra/db/uuid';
import type { Db } from '../../infra/db/client';
import { items } from './tables';
import { AppError, notFound } from '../../infra/http/errors';
import { pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import { translateConstraints } from '../../infra/db/constraints';
import { appendEvent } from '../../infra/db/shopEvents';

export type ItemRow = typeof items.$inferSelect;

export const ITEM_SORTABLE = ['name', 'type', 'price', 'createdAt', 'updatedAt', 'id'] as const;
type ItemSortField = (typeof ITEM_SORTABLE)[number];
const sortColumn = {
  name: items.name,
  type: items.type,
  price: items.priceCents,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  id: items.id,
};

interface ItemFilter {
  q?: string;
  type?: ItemType;
  id?: string | string[];
}

/**
 * The row as the API shows it: amounts in currency units, availability as one object. A sold-out end nothing can read
 * is answered as none (logged on `log` when given).
 */
export function itemJson(row: ItemRow, log?: UnreadableLog): Item {
  return {
    ...(itemDocFromCents(row.doc as Record<string, unknown>) as object),
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    // An end nothing can read leaves the item sold out until put back, rather than breaking the menu.
    availability: { soldOut: row.soldOut, until: storedInstant(row.soldOutUntil, logUnreadable(log, 'items', row.id)('soldOutUntil')) },
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  } as Item;
}

/** Splits an input into the relational columns and the document (in cents). */
function columnsOf(input: ItemInput) {
  const { type, name, description, price, ...rest } = input;
  return { type, name, description, priceCents: toCents(price), doc: itemDocToCents(rest) };
}

/** Every word of the search must appear in the name or the description (case-insensitive, anywhere in a word). */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  return and(...words.map((w) => sql`${items.searchText} LIKE ${`%${escapeLike(w)}%`}`));
}

/** One page of a shop's items and how many match, searched on the shop's own index entries only. */
export async function listItems(
  shopId: string,
  db: Db,
  { sort, range, filter, log }: { sort: [ItemSortField, SortOrder]; range: Range; filter: ItemFilter; log?: UnreadableLog },
): Promise<{ rows: Item[]; total: number }> {
  const ids = filter.id === undefined ? undefined : [filter.id].flat().filter(isUuid);
  const where = and(
    eq(items.shopId, shopId),
    searchCondition(filter.q),
    filter.type ? eq(items.type, filter.type) : undefined,
    ids ? (ids.length ? inArray(items.id, ids) : sql`false`) : undefined,
  );
  const [field, order] = sort;
  const rows = await db
    .select({ item: items, total: totalOver() })
    .from(items)
    .where(where)
    .orderBy(order === 'ASC' ? asc(sortColumn[field]) : desc(sortColumn[field]), asc(items.id))
    .offset(pageOf(range).offset)
    .limit(pageOf(range).limit);
  const page = await withTotal(rows, range, () => db.$count(items, where));
  return { rows: page.rows.map((r) => itemJson(r.item, log)), total: page.total };
}

export async function loadItemRow(shopId: string, db: Db, id: string): Promise<ItemRow> {
  if (!isUuid(id)) throw notFound('item', id);
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.shopId, shopId), eq(items.id, id)));
  if (!row) throw notFound('item', id);
  return row;
}

/** The shop's pizzas among `ids` (deal pizzas must name them). */
export async function pizzaIdsOf(shopId: string, db: Db, ids: string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Set();
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.shopId, shopId), eq(items.type, 'PIZZA'), inArray(items.id, valid)));
  return new Set(rows.map((r) => r.id));
}

const shopGone = (shopId: string) => () => notFound('shop', shopId);

export async function createItem(shopId: string, db: Db, input: ItemInput, by: string, now: Date): Promise<Item> {
  const [row] = await translateConstraints(
    () =>
      db
        .insert(items)
        .values({ shopId, ...columnsOf(input), updatedBy: by, createdAt: now, updatedAt: now })
        .returning(),
    { foreignKey: shopGone(shopId) },
  );
  return itemJson(row);
}

/** Replaces an item. Its type is fixed at creation. */
export async function updateItem(shopId: string, db: Db, id: string, input: ItemInput, by: string, now: Date): Promise<Item> {
  const current = await loadItemRow(shopId, db, id);
  if (current.type !== input.type) throw new AppError(400, messages.itemTypeLocked, 'VALIDATION', { type: messages.itemTypeLocked });
  const [row] = await db
    .update(items)
    .set({ ...columnsOf(input), updatedBy: by, updatedAt: now })
    .where(and(eq(items.shopId, shopId), eq(items.id, id)))
    .returning();
  if (!row) throw notFound('item', id);
  return itemJson(row);
}

export async function deleteItem(shopId: string, db: Db, id: string): Promise<Item> {
  if (!isUuid(id)) throw notFound('item', id);
  const [row] = await db
    .delete(items)
    .where(and(eq(items.shopId, shopId), eq(items.id, id)))
    .returning();
  if (!row) throw notFound('item', id);
  return itemJson(row);
}

/** The name a copy gets: 'Flat White (Copy)', shortened to fit the name limit. */
function copyName(name: string): string {
  const suffix = ' (Copy)';
  return name.slice(0, ITEM_NAME_MAX - suffix.length).trimEnd() + suffix;
}

/** A new item with the same content as `id`, available, under copyName(). */
export async function copyItem(shopId: string, db: Db, id: string, by: string, now: Date): Promise<Item> {
  const src = await loadItemRow(shopId, db, id);
  const [row] = await translateConstraints(
    () =>
      db
        .insert(items)
        .values({
          shopId,
          type: src.type,
          name: copyName(src.name),
          description: src.description,
          priceCents: src.priceCents,
          doc: src.doc,
          updatedBy: by,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    { foreignKey: shopGone(shopId) },
  );
  return itemJson(row);
}

type Doc = Record<string, unknown> & {
  attributes?: { name: string; values: { name: string; availability?: unknown }[] }[];
  addToppings?: { name: string; availability?: unknown }[];
};

/**
 * Marks an item, or one attribute value or one topping of it, sold out (until `until`, or until put back) or back
 * on sale. Done in one UPDATE of the row so two sellers toggling at once cannot lose each other's change.
 */
export async function setAvailability(shopId: string, db: Db, id: string, body: AvailabilityBody, by: string, now: Date): Promise<Item> {
  const until = body.soldOut && body.until ? new Date(body.until) : null;
  return db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound('item', id);
    const [current] = await tx
      .select()
      .from(items)
      .where(and(eq(items.shopId, shopId), eq(items.id, id)))
      .for('update');
    if (!current) throw notFound('item', id);
    let set: Partial<ItemRow>;
    let wasSoldOut: boolean;
    if (body.attribute === undefined && body.topping === undefined) {
      wasSoldOut = current.soldOut;
      set = { soldOut: body.soldOut, soldOutUntil: until };
    } else {
      const doc = structuredClone(current.doc) as Doc;
      const availability = { soldOut: body.soldOut, until: until ? until.toISOString() : null };
      const target =
        body.topping !== undefined
          ? doc.addToppings?.find((t) => t.name === body.topping)
          : doc.attributes?.find((a) => a.name === body.attribute)?.values.find((v) => v.name === body.value);
      if (!target)
        throw new AppError(404, format(messages.noSuchChoice, { name: body.topping ?? `${body.attribute}: ${body.value}` }), 'NOT_FOUND');
      wasSoldOut = (target.availability as { soldOut?: boolean } | undefined)?.soldOut === true;
      target.availability = availability;
      set = { doc };
    }
    const [row] = await tx
      .update(items)
      .set({ ...set, updatedBy: by, updatedAt: now })
      .where(and(eq(items.shopId, shopId), eq(items.id, id)))
      .returning();
    // The board's panel and webhooks follow these; putting back what was on sale announces nothing.
    if (body.soldOut || wasSoldOut) {
      await appendEvent(tx, shopId, body.soldOut ? 'item.sold_out' : 'item.restored', {
        itemId: id,
        name: row.name,
        attribute: body.topping === undefined ? (body.attribute ?? null) : null,
        value: body.topping === undefined ? (body.value ?? null) : null,
        topping: body.topping ?? null,
        until: until?.toISOString() ?? null,
        by: 'STAFF',
      });
    }
    return itemJson(row);
  });
}
