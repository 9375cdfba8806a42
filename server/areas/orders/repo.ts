import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { logUnreadable, storedInstant, type UnreadableLog } from '../../infra/db/storedInstant';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client';
import { orders } from './tables';
import { shops } from '../../infra/db/tables/shops';
import { isUuid } from '../../infra/db/uuid';
import { AppError } from '../../infra/http/errors';
import { messages } from '../../../domain/messages';
import { fromCents } from '../../../domain/money';
import { allowedActions, orderStage, type StoredCart } from '../../../domain/order';
import type { ApiOrder } from '../../../domain/orderView';
import { escapeLike, pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import { rowFromJson } from '../../infra/db/rows';
import { param as p, prepared, type Prepared, type Runner } from '../../infra/db/prepared';
import { withEvent } from '../../infra/db/shopEvents';
import { slotTakingCtes, slotTakingValues, type SlotChoices } from './repoKitchen';

export type OrderRow = typeof orders.$inferSelect;

export const orderNotFound = () => new AppError(404, messages.cannotFindOrder, 'NOT_FOUND');

/** The cart as the API answers it: money in currency units, converted here once. */
export function cartForApi(cart: StoredCart) {
  return {
    ...cart,
    items: cart.items.map((l) => ({
      itemId: l.itemId,
      name: l.name,
      summary: l.summary,
      quantity: l.quantity,
      unitPrice: fromCents(l.unitPrice),
      total: fromCents(l.total),
    })),
    subtotal: fromCents(cart.subtotal),
    deliveryCharges: fromCents(cart.deliveryCharges),
    discount: fromCents(cart.discount),
    loyaltyDiscount: fromCents(cart.loyaltyDiscount ?? 0),
    creditCardSurcharge: fromCents(cart.creditCardSurcharge),
    grandTotal: fromCents(cart.grandTotal),
  };
}

/**
 * An order as the console and the customers' API read it (spec 2 §3 field names). A requested collection time nothing
 * can read is answered as none (logged on `log` when given).
 */
export function orderForApi(o: OrderRow, log?: UnreadableLog): ApiOrder {
  const completedAt = o.completedAt?.toISOString() ?? null;
  return {
    id: o.id,
    number: o.number,
    shopId: o.shopId,
    status: o.status,
    message: o.message,
    orderStatusRestaurant: o.orderStatusRestaurant,
    paymentStatus: o.paymentStatus,
    mobile: o.mobile,
    customerName: o.customerName,
    collectionType: o.collectionType,
    collectionTime: storedInstant(o.collectionTime, logUnreadable(log, 'orders', o.id)('collectionTime')),
    paymentType: o.paymentType,
    placedAt: o.placedAt.toISOString(),
    previousOrderCount: o.previousOrderCount,
    /** Cents (spec 2 §9: held in cents, shown divided by 100). */
    applicationFee: o.applicationFee,
    grandTotal: fromCents(o.grandTotal),
    eta: o.eta ?? null,
    rejectReason: o.rejectReason,
    acknowledgedAt: o.acknowledgedAt?.toISOString() ?? null,
    acceptedAt: o.acceptedAt?.toISOString() ?? null,
    completedAt,
    stage: orderStage(o),
    markedReadyAt: o.markedReadyAt?.toISOString() ?? null,
    kitchenAt: o.holdUntil?.toISOString() ?? null,
    scheduled: isScheduled(o),
    cart: cartForApi(o.cart),
    actions: allowedActions({ status: o.status, orderStatusRestaurant: o.orderStatusRestaurant, completedAt }),
  };
}

/** Waiting for its time to reach the kitchen (the schedule sweep has not released it yet). */
export const isScheduled = (o: Pick<OrderRow, 'holdUntil' | 'releasedAt'>) => o.holdUntil !== null && o.releasedAt === null;

export const ORDER_SORTABLE = ['placedAt', 'grandTotal', 'orderStatusRestaurant', 'id', 'number', 'collectionTime'] as const;
type OrderSortField = (typeof ORDER_SORTABLE)[number];
const sortColumn = {
  placedAt: orders.placedAt,
  grandTotal: orders.grandTotal,
  orderStatusRestaurant: orders.orderStatusRestaurant,
  id: orders.id,
  number: orders.number,
  collectionTime: orders.collectionTime,
};

/** What history filters by (each optional; a list means any of them). */
export interface OrderFilter {
  orderStatusRestaurant?: string | string[];
  paymentType?: string | string[];
  collectionType?: string | string[];
  placedAt_gte?: string;
  placedAt_lte?: string;
  mobile?: string;
  id?: string | string[];
  q?: string;
  /** false: not completed yet (the board's orders in progress). */
  completed?: boolean;
  /** true: waiting for their time to reach the kitchen (the board's Scheduled column); false: in the kitchen's hands. */
  scheduled?: boolean;
}

/** The largest order number a search compares (beyond it, digits can only be part of a phone number). */
const MAX_NUMBER_DIGITS = 9;

/**
 * What a history search means: `#1042` is that order number; bare digits (spaces, dashes and a leading + allowed)
 * are that order number or a phone containing them; anything else is part of the customer's name.
 */
export function orderSearch(q: string): { number?: number; phone?: string; name?: string } | null {
  const text = q.trim();
  if (!text) return null;
  const hashed = /^#\s*(\d+)$/.exec(text);
  if (hashed) return { number: hashed[1].length <= MAX_NUMBER_DIGITS ? Number(hashed[1]) : -1 };
  if (/^\+?[\d\s-]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/[\s-]/g, '');
    const plain = /^\d+$/.test(digits) && digits.length <= MAX_NUMBER_DIGITS;
    // Mobiles are kept in E.164 (+61412…; orders from before that as typed). The digits after a +, an international
    // 00 or a trunk 0 are part of it however the search writes the number: national, international or 00.
    const phone = digits.replace(/^(?:\+|0011|00|0(?=\d))/, '');
    return { phone, ...(plain ? { number: Number(digits) } : {}) };
  }
  return { name: text };
}

/** The WHERE of a shop's orders under a history filter (the list and its totals read the same rows). */
export function orderFilterWhere(shopId: string, f: OrderFilter): SQL {
  const where: SQL[] = [eq(orders.shopId, shopId)];
  const anyOf = (column: AnyPgColumn, value: string | string[] | undefined) => {
    if (value !== undefined) where.push(inArray(column, [value].flat()));
  };
  anyOf(orders.orderStatusRestaurant, f.orderStatusRestaurant);
  anyOf(orders.paymentType, f.paymentType);
  anyOf(orders.collectionType, f.collectionType);
  if (f.placedAt_gte) where.push(gte(orders.placedAt, new Date(f.placedAt_gte)));
  if (f.placedAt_lte) where.push(lte(orders.placedAt, new Date(f.placedAt_lte)));
  if (f.mobile) where.push(eq(orders.mobile, f.mobile));
  if (f.completed !== undefined) where.push(f.completed ? isNotNull(orders.completedAt) : isNull(orders.completedAt));
  if (f.scheduled !== undefined) {
    const waiting = and(isNotNull(orders.holdUntil), isNull(orders.releasedAt))!;
    where.push(f.scheduled ? waiting : sql`NOT (${waiting})`);
  }
  if (f.id !== undefined) {
    const ids = [f.id].flat().filter(isUuid);
    where.push(ids.length ? inArray(orders.id, ids) : sql`false`);
  }
  const search = f.q === undefined ? null : orderSearch(f.q);
  if (search) {
    const either: SQL[] = [];
    if (search.number !== undefined) either.push(eq(orders.number, search.number));
    if (search.phone !== undefined) either.push(sql`${orders.mobile} LIKE ${`%${escapeLike(search.phone)}%`}`);
    if (search.name !== undefined) either.push(sql`${orders.customerName} ILIKE ${`%${escapeLike(search.name)}%`}`);
    where.push(either.length === 1 ? either[0] : or(...either)!);
  }
  return and(...where)!;
}

/** One page of a shop's orders and the total, in one query (the list helper's contract). */
export async function listOrders(shopId: string, db: Db, opts: { sort: [OrderSortField, SortOrder]; range: Range; filter: OrderFilter }) {
  const where = orderFilterWhere(shopId, opts.filter);
  const [field, order] = opts.sort;
  const { offset, limit } = pageOf(opts.range);
  const rows = await db
    .select({ order: orders, total: totalOver() })
    .from(orders)
    .where(where)
    .orderBy(order === 'ASC' ? asc(sortColumn[field]) : desc(sortColumn[field]), order === 'ASC' ? asc(orders.id) : desc(orders.id))
    .offset(offset)
    .limit(limit);
  return withTotal(rows, opts.range, async () => db.$count(orders, where));
}

/** How many orders a history filter lists and what their grand totals add up to (cents). */
export async function orderTotals(
  shopId: string,
  db: Pick<Db, 'select'>,
  filter: OrderFilter,
): Promise<{ orders: number; grossCents: number }> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`.mapWith(Number),
      grossCents: sql<number>`coalesce(sum(${orders.grandTotal}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(orderFilterWhere(shopId, filter));
  return row;
}

export async function getOrder(shopId: string, db: Pick<Db, 'select'>, orderId: string, opts: { lock?: boolean } = {}): Promise<OrderRow> {
  if (!isUuid(orderId)) throw orderNotFound();
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.id, orderId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw orderNotFound();
  return row;
}

/**
 * What an order event stores (events.ts presents it as the list's item): the changed row `src` without what the API
 * never shows (the customer's idempotency key and request hash, the payment provider's ids, who acted, the receipt
 * address). Built in the statement that makes the change, so placing an order stays one statement.
 */
const storedOrder = sql`to_jsonb(src) - 'idempotency_key' - 'request_hash' - 'payment_id' - 'payment_provider' - 'acted_by' - 'email'`;

/**
 * Updates the order and writes its order.updated event, one statement in the caller's transaction (the webhooks use
 * it too). `event` order.created: the order was inserted quietly in this transaction (insertOrder's `quiet`), and this
 * change is its first event.
 */
export async function updated(
  shopId: string,
  tx: Pick<Db, 'update' | 'execute'>,
  o: OrderRow,
  set: Partial<typeof orders.$inferInsert>,
  event: 'order.updated' | 'order.created' = 'order.updated',
): Promise<OrderRow> {
  const change = tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.shopId, shopId), eq(orders.id, o.id)))
    .returning();
  const res = await tx.execute<{ row: Record<string, unknown> }>(withEvent(change, shopId, event, storedOrder));
  return rowFromJson(orders, res.rows[0].row);
}

/** An order to insert (insertOrder takes its shop first). */
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'updatedAt' | 'previousOrderCount' | 'shopId'>;

/** The advisory lock that orders the attempts carrying one Idempotency-Key at a shop (service.ts placeOrder). */
export const idempotencyLock = (shopId: string, key: string) => `${shopId}:${key}`;

/**
 * The insert for each set of columns callers give, compiled once: `columns` get a value, `nulls` NULL (a placeholder
 * can't carry null through drizzle's encoders), the rest the table's defaults. `keyed`: see insertOrder. `slotted`:
 * the kitchen slot (and ETA) come from the slot the statement takes (repoKitchen.ts slotTakingCtes). `accepted`: the
 * order arrives ACCEPTED, and its insert queues the new-order alerts' fan-out itself (the alerts trigger queues it
 * for NEW orders only).
 */
const insertStatements = new Map<string, Prepared<Record<string, unknown>>>();

interface InsertShape {
  keyed: boolean;
  quiet: boolean;
  slotted: boolean;
  accepted: boolean;
}

function insertStatement(columns: string[], nulls: string[], shape: InsertShape): Prepared<Record<string, unknown>> {
  const { keyed, quiet, slotted, accepted } = shape;
  const id = `${columns.join(',')};${nulls.join(',')};${keyed};${quiet};${slotted};${accepted}`;
  let statement = insertStatements.get(id);
  if (!statement) {
    statement = prepared(`order_insert_${insertStatements.size + 1}`, (db) => {
      const values: Record<string, unknown> = {
        ...(Object.fromEntries([
          ...columns.map((c) => [c, p(c)]),
          ...nulls.map((c) => [c, sql`NULL`]),
        ]) as unknown as typeof orders.$inferInsert),
        previousOrderCount: sql`(SELECT count(*)::int FROM orders o
          WHERE o.shop_id = ${p('shopId')} AND o.mobile = ${p('mobile')} AND o.status = 'OK')`,
      };
      // No slot taken (each was full by the time the statement looked): an error undoes the statement, order and all.
      if (slotted) {
        values.kitchenSlot = sql`kitchen_slot_taken((SELECT slot FROM take))`;
        values.eta = sql`(SELECT eta FROM pick)`;
      }
      // The key is only written once its lock is held (shared: attempts that insert only meet on the unique index).
      if (keyed)
        values.idempotencyKey = sql`(SELECT ${p('idempotencyKey')}::text
          FROM (SELECT pg_advisory_xact_lock_shared(hashtextextended(${p('lock')}::text, 0))) l)`;
      const insert = db.insert(orders).values(values as unknown as typeof orders.$inferInsert);
      const change = keyed
        ? insert.onConflictDoNothing({ target: [orders.shopId, orders.idempotencyKey] }).returning()
        : insert.returning();
      const before = slotted
        ? slotTakingCtes(sql`${p('shopId')}`, sql`${p('collectionType')}`, sql`${p('grandTotal')}`, (n) => sql`${p(n)}`)
        : undefined;
      const also = accepted
        ? sql`(SELECT count(*) FROM (SELECT servery_enqueue('alerts-fanout', jsonb_build_object('shopId', src.shop_id, 'orderId', src.id),
                'order:' || src.id) FROM src WHERE src.status = 'OK') q)`
        : undefined;
      return withEvent(change, p('shopId'), 'order.created', storedOrder, quiet ? sql`false` : sql`src.status = 'OK'`, { before, also });
    });
    insertStatements.set(id, statement);
  }
  return statement;
}

/** The error a slotted insert fails with when no slot it was offered had room any more (kitchen_slot_taken). */
export function isSlotTakenError(e: unknown): boolean {
  // Drizzle wraps the driver's error (its `cause`).
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return (err?.code ?? err?.cause?.code) === 'KSF01';
}

/**
 * Inserts an order and (when it went through) its order.created event in one statement, in the caller's transaction
 * or on its own. The previous order count is that mobile's earlier orders at this shop that went through (not failed
 * payments), counted in the same statement.
 *
 * `quiet`: no event yet; the caller's transaction writes the order's order.created with a change it makes next (an
 * order accepted as it is placed arrives on the boards already ACCEPTED).
 *
 * `keyed`, for an order with an Idempotency-Key placed outside a transaction: nothing is inserted (undefined) when the
 * shop already holds an order with that key; an attempt with the same key still in flight is waited for on the
 * unique index. The key's advisory lock is held shared meanwhile, so an attempt that would refuse (and takes it
 * exclusively before looking for a first order) waits for this one to commit and then finds it.
 *
 * `slots`: the order takes the first of these kitchen slots with room in the same statement (its kitchenSlot and eta
 * are that choice's), or the statement fails with isSlotTakenError and nothing is written.
 *
 * `autoAccepted`: the order is given ACCEPTED (accepted as it is placed, with nothing else an accept does left to do
 * in a transaction: serviceActions.ts accepting), and its insert queues the alerts' fan-out as a NEW order's does.
 */
export async function insertOrder(
  shopId: string,
  db: Runner,
  order: NewOrder,
  opts?: { quiet?: boolean; slots?: SlotChoices; autoAccepted?: boolean },
): Promise<OrderRow>;
export async function insertOrder(
  shopId: string,
  db: Runner,
  order: NewOrder,
  opts: { keyed: true; slots?: SlotChoices; autoAccepted?: boolean },
): Promise<OrderRow | undefined>;
export async function insertOrder(
  shopId: string,
  db: Runner,
  newOrder: NewOrder,
  opts: { keyed?: boolean; quiet?: boolean; slots?: SlotChoices; autoAccepted?: boolean } = {},
): Promise<OrderRow | undefined> {
  const { slots } = opts;
  const order = { ...newOrder, shopId, ...(slots ? { kitchenSlot: undefined, eta: undefined } : {}) };
  const keyed = Boolean(opts.keyed && order.idempotencyKey);
  const given = Object.entries(order)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const columns = given.filter(([, v]) => v !== null).map(([k]) => k);
  const nulls = given.filter(([, v]) => v === null).map(([k]) => k);
  const values = {
    ...order,
    ...(keyed ? { lock: idempotencyLock(order.shopId, order.idempotencyKey!) } : {}),
    ...(slots ? slotTakingValues(slots) : {}),
  };
  const shape = {
    keyed,
    quiet: Boolean(opts.quiet),
    slotted: Boolean(slots),
    accepted: Boolean(opts.autoAccepted),
  };
  const [row] = await insertStatement(columns, nulls, shape).run(db, values);
  return row && rowFromJson(orders, row.row as Record<string, unknown>);
}

/**
 * How many orders that went through each of these mobiles placed at the shop, by mobile as given (a mobile with none
 * is absent). Orders keep the mobile as the customer typed it (digits and a leading +), so callers pass every way
 * one number may have been written.
 */
export async function orderCountsByMobile(shopId: string, db: Pick<Db, 'execute'>, mobiles: string[]): Promise<Map<string, number>> {
  if (!mobiles.length) return new Map();
  const res = await db.execute<{ mobile: string; n: number }>(sql`
    SELECT mobile, count(*)::int AS n FROM orders
    WHERE shop_id = ${shopId} AND mobile = ANY(${sql.param(mobiles)}::text[]) AND status = 'OK'
    GROUP BY mobile`);
  return new Map(res.rows.map((r) => [r.mobile, Number(r.n)]));
}

/** The shop's name, country and zone, as a customer's mail about its order quotes them. */
export async function shopForMail(shopId: string, db: Pick<Db, 'select'>): Promise<{ name: string; country: string; timezone: string }> {
  const [row] = await db
    .select({ name: shops.name, country: shops.country, timezone: shops.timezone })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row!;
}
