import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { orders } from '../../../server/areas/orders/tables';
import { shopEvents } from '../../../server/infra/db/tables';
import { insertOrder } from '../../../server/areas/orders/repo';
import { seedOrder, storedCart } from '../../helpers/orders';

/*
 * insertOrder is one hand-built statement (order + event counter + event + NOTIFY, compiled once per set of columns)
 * whose row is mapped by hand from row_to_json: what it answers must be exactly what drizzle's own select reads, for
 * every kind of column (timestamps, JSON, nulls, defaults), inside a transaction and on its own.
 */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(async () => {
  await w.ctx.close();
});

const selectOrder = async (id: string) => (await w.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const eventsOf = async (orderId: string) =>
  (await w.ctx.db.select().from(shopEvents).where(eq(shopEvents.shopId, w.shop.id)).orderBy(asc(shopEvents.seq))).filter(
    (e) => (e.data as { id?: string }).id === orderId,
  );

describe('insertOrder', () => {
  it('answers the row drizzle reads back, with its order.created event, on its own and in a transaction', async () => {
    const cart = storedCart({ collectionTime: '2026-11-24T01:30:00.000Z', comments: 'Extra hot, "please"' });
    const alone = await insertOrder(w.shop.id, w.ctx.db, {
      orderStatusRestaurant: 'NEW',
      paymentStatus: 'UNPAID',
      paymentType: 'CASH',
      customerName: 'Cathy Customer',
      mobile: '+61400000777',
      collectionType: 'PICKUP',
      collectionTime: new Date(cart.collectionTime!),
      placedAt: new Date('2026-11-23T21:00:00.123Z'),
      grandTotal: cart.grandTotal,
      cart,
      coupon: null,
      idempotencyKey: null,
    });
    expect(alone).toEqual(await selectOrder(alone.id));
    expect(alone.placedAt).toEqual(new Date('2026-11-23T21:00:00.123Z'));
    expect(alone.collectionTime).toEqual(new Date('2026-11-24T01:30:00.000Z'));
    expect(alone.cart).toEqual(cart);
    expect(alone).toMatchObject({ status: 'OK', applicationFee: 0, discount: 0, eta: null, coupon: null, previousOrderCount: 0 });
    expect(await eventsOf(alone.id)).toMatchObject([{ type: 'order.created', data: { id: alone.id, order_status_restaurant: 'NEW' } }]);

    const inTx = await seedOrder(w.ctx, w.shop.id, { mobile: '+61400000777', card: 'tok_visa', applicationFee: 42 });
    expect(inTx).toEqual(await selectOrder(inTx.id));
    expect(inTx).toMatchObject({ paymentStatus: 'PAID', applicationFee: 42, previousOrderCount: 1 });
    expect(await eventsOf(inTx.id)).toHaveLength(1);
  });

  it('writes no event, and does not step the counter, for an order that did not go through', async () => {
    const before = await w.ctx.db.select().from(shopEvents).where(eq(shopEvents.shopId, w.shop.id));
    const failed = await seedOrder(w.ctx, w.shop.id, {
      status: 'FAILURE',
      message: 'Card declined',
      orderStatusRestaurant: 'NA',
      paymentStatus: 'DECLINED',
    });
    expect(failed).toEqual(await selectOrder(failed.id));
    expect(await w.ctx.db.select().from(shopEvents).where(eq(shopEvents.shopId, w.shop.id))).toHaveLength(before.length);
    // The next order's event follows the last one with no gap.
    const next = await seedOrder(w.ctx, w.shop.id);
    const [event] = await w.ctx.db
      .select()
      .from(shopEvents)
      .where(and(eq(shopEvents.shopId, w.shop.id), eq(shopEvents.seq, before.length + 1)));
    expect(event.data).toMatchObject({ id: next.id });
  });
});
