import { and, count, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import { format, messages } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import type { Promotion, PromotionValues } from '../../../domain/promotion';
import type { Dow } from '../../../domain/weekdays';
import { isUuid } from '../../infra/db/uuid';
import type { Db } from '../../infra/db/client';
import { promotions } from './tables';
import { AppError, conflict, notFound } from '../../infra/http/errors';
import { orderBy, pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import { translateConstraints } from '../../infra/db/constraints';

export const PROMOTION_SORTABLE = ['coupon', 'startDate', 'endDate', 'type', 'createdAt', 'id'] as const;
type PromotionSortField = (typeof PROMOTION_SORTABLE)[number];
interface PromotionFilter {
  q?: string;
  type?: string;
  id?: string | string[];
}

type Row = typeof promotions.$inferSelect;
const sortColumn = {
  coupon: promotions.coupon,
  startDate: promotions.startDate,
  endDate: promotions.endDate,
  type: promotions.type,
  createdAt: promotions.createdAt,
  id: promotions.id,
} satisfies Record<PromotionSortField, unknown>;

/** A stored row as the API answers it: money in currency units, only the type's own settings map. */
export function promotionJson(r: Omit<Row, 'shopId'>): Promotion {
  const base = {
    id: r.id,
    coupon: r.coupon,
    description: r.description,
    startDate: r.startDate,
    endDate: r.endDate,
    dows: r.dows as Dow[],
    maxRedeems: r.maxRedeems,
    exclusive: r.exclusive,
    firstOrderDiscount: r.firstOrderDiscount,
    collectionType: r.collectionType as Promotion['collectionType'],
  };
  const over = fromCents(r.applicableOverCents);
  if (r.type === 'FLAT_AMOUNT_DISCOUNT')
    return { ...base, type: r.type, flatAmountDiscount: { applicableOverAmount: over, discountAmount: fromCents(r.discountCents ?? 0) } };
  if (r.type === 'FLAT_PERCENTAGE_DISCOUNT')
    return { ...base, type: r.type, flatPercentageDiscount: { applicableOverAmount: over, discountPercentage: r.discountPercentage ?? 0 } };
  return { ...base, type: 'FREE_DELIVERY', collectionType: 'DELIVERY', freeDelivery: { applicableOverAmount: over } };
}

/** The columns of a checked coupon: money in cents, the type's amounts only. */
function rowOf(p: PromotionValues) {
  const amounts =
    p.type === 'FLAT_AMOUNT_DISCOUNT'
      ? {
          applicableOverCents: toCents(p.flatAmountDiscount.applicableOverAmount),
          discountCents: toCents(p.flatAmountDiscount.discountAmount),
          discountPercentage: null,
        }
      : p.type === 'FLAT_PERCENTAGE_DISCOUNT'
        ? {
            applicableOverCents: toCents(p.flatPercentageDiscount.applicableOverAmount),
            discountCents: null,
            discountPercentage: p.flatPercentageDiscount.discountPercentage,
          }
        : { applicableOverCents: toCents(p.freeDelivery.applicableOverAmount), discountCents: null, discountPercentage: null };
  return {
    coupon: p.coupon,
    description: p.description,
    type: p.type,
    startDate: p.startDate,
    endDate: p.endDate,
    dows: p.dows,
    maxRedeems: p.maxRedeems,
    exclusive: p.exclusive,
    firstOrderDiscount: p.firstOrderDiscount,
    collectionType: p.collectionType,
    ...amounts,
  };
}

const { shopId: _shopId, ...columns } = getTableColumns(promotions);
const duplicate = (code: string) => () => conflict(format(messages.couponExists, { code }), 'COUPON_EXISTS');
const missing = () => new AppError(404, messages.couponNotFound, 'NOT_FOUND');

export async function listPromotions(
  shopId: string,
  db: Db,
  { sort, range, filter }: { sort: [PromotionSortField, SortOrder]; range: Range; filter: PromotionFilter },
): Promise<{ rows: Promotion[]; total: number }> {
  const ids = filter.id === undefined ? undefined : (Array.isArray(filter.id) ? filter.id : [filter.id]).filter(isUuid);
  const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(promotions.shopId, shopId),
    like ? or(ilike(promotions.coupon, like), ilike(promotions.description, like)) : undefined,
    filter.type ? eq(promotions.type, filter.type as Row['type']) : undefined,
    ids ? (ids.length ? sql`${promotions.id} = ANY(${ids}::uuid[])` : sql`false`) : undefined,
  );
  const { offset, limit } = pageOf(range);
  const rows = await db
    .select({ ...columns, total: totalOver() })
    .from(promotions)
    .where(where)
    .orderBy(...orderBy(sortColumn[sort[0]], sort[1], promotions.id))
    .offset(offset)
    .limit(limit);
  const page = await withTotal(rows, range, async () => (await db.select({ n: count() }).from(promotions).where(where))[0]!.n);
  return { rows: page.rows.map(promotionJson), total: page.total };
}

export async function loadPromotion(shopId: string, db: Db, id: string): Promise<Promotion> {
  if (!isUuid(id)) throw missing();
  const [row] = await db
    .select(columns)
    .from(promotions)
    .where(and(eq(promotions.shopId, shopId), eq(promotions.id, id)));
  if (!row) throw missing();
  return promotionJson(row);
}

export async function createPromotion(shopId: string, db: Db, p: PromotionValues): Promise<Promotion> {
  const [row] = await translateConstraints(
    () =>
      db
        .insert(promotions)
        .values({ shopId, ...rowOf(p) })
        .returning(columns),
    {
      unique: duplicate(p.coupon),
      foreignKey: () => notFound('shop', shopId),
    },
  );
  return promotionJson(row!);
}

export async function updatePromotion(shopId: string, db: Db, id: string, p: PromotionValues, now: Date): Promise<Promotion> {
  if (!isUuid(id)) throw missing();
  const [row] = await translateConstraints(
    () =>
      db
        .update(promotions)
        .set({ ...rowOf(p), updatedAt: now })
        .where(and(eq(promotions.shopId, shopId), eq(promotions.id, id)))
        .returning(columns),
    { unique: duplicate(p.coupon) },
  );
  if (!row) throw missing();
  return promotionJson(row);
}

export async function deletePromotion(shopId: string, db: Db, id: string): Promise<Promotion> {
  if (!isUuid(id)) throw missing();
  const [row] = await db
    .delete(promotions)
    .where(and(eq(promotions.shopId, shopId), eq(promotions.id, id)))
    .returning(columns);
  if (!row) throw missing();
  return promotionJson(row);
}

/** The shop's coupon with this code, if there is one. */
export async function couponByCode(shopId: string, db: Db, code: string): Promise<Promotion | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.shopId, shopId), eq(promotions.coupon, code)));
  return row ? promotionJson(row) : null;
}
