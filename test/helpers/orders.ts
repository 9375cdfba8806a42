import crypto from 'node:crypto';
import type { TestContext } from './app';
import { insertOrder, type NewOrder } from '../../server/areas/orders/repo';
import type { StoredCart } from '../../domain/order';

/** A priced cart of one line (cents), as the pricing engine stores it. */
export function storedCart(overrides: Partial<StoredCart> = {}): StoredCart {
  return {
    currency: 'AUD',
    items: [{ itemId: crypto.randomUUID(), name: 'Flat White', summary: 'Size: Large', quantity: 2, unitPrice: 450, total: 900, discountable: true }],
    collectionName: null,
    customerName: 'Cathy Customer',
    collectionType: 'PICKUP',
    collectionTime: null,
    paymentType: 'CASH',
    deliveryAddress: null,
    subtotal: 900,
    deliveryCharges: 0,
    discount: 0,
    creditCardSurcharge: 0,
    creditCardSurchargeMessage: null,
    grandTotal: 900,
    coupon: null,
    comments: null,
    ...overrides,
  };
}

/**
 * An order straight in the database through the repository the ordering API uses (same event, same counts), for
 * tests of the console side that do not exercise pricing.
 */
export async function seedOrder(ctx: TestContext, shopId: string, o: Partial<NewOrder> & { card?: 'tok_visa' | 'tok_refundFail' } = {}) {
  const { card, ...rest } = o;
  const cart = rest.cart ?? storedCart(card ? { paymentType: 'CREDIT_CARD' } : {});
  let paymentId: string | null = null;
  if (card) {
    const charge = await ctx.services.payments.charge({
      idempotencyKey: crypto.randomUUID(),
      amount: cart.grandTotal,
      currency: 'aud',
      paymentToken: card,
      shopId,
      // As the ordering API describes its charges.
      description: `Order from ${rest.customerName ?? cart.customerName}`,
    });
    if (charge.status !== 'succeeded') throw new Error('test charge failed');
    paymentId = charge.paymentId;
  }
  return ctx.db.transaction((tx) =>
    insertOrder(shopId, tx, {
      orderStatusRestaurant: 'NEW',
      paymentStatus: card ? 'PAID' : 'UNPAID',
      paymentType: card ? 'CREDIT_CARD' : 'CASH',
      customerName: cart.customerName,
      mobile: '+61400000001',
      collectionType: cart.collectionType,
      collectionTime: cart.collectionTime ? new Date(cart.collectionTime) : null,
      placedAt: ctx.clock.now(),
      grandTotal: cart.grandTotal,
      cart,
      paymentProvider: card ? ctx.services.payments.name : null,
      paymentId,
      ...rest,
    }),
  );
}
