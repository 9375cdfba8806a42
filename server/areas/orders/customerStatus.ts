import type { z } from 'zod';
import { fromCents } from '../../../domain/money';
import { orderStage, paymentOutcome } from '../../../domain/order';
import { storedInstant } from '../../infra/db/storedInstant';
import { isScheduled, type OrderRow } from './repo';
import type { orderStatusResponse } from './schemas';

export type OrderStatus = z.infer<typeof orderStatusResponse>;

/**
 * The order as its customer sees it on the status page: what they ordered and typed, where the order stands and what
 * happened to their money. Nothing of the shop's staff (who acted), the payment provider (ids) or the customer's
 * other details (mobile, address, e-mail).
 */
export function customerStatus(o: OrderRow, shopName: string): OrderStatus {
  const stage = orderStage(o);
  const cart = o.cart;
  return {
    id: o.id,
    number: o.number,
    shopId: o.shopId,
    shopName,
    status: o.status === 'FAILURE' ? 'FAILURE' : o.orderStatusRestaurant,
    stage,
    placedAt: o.placedAt.toISOString(),
    readyAt: stage === 'accepted' || stage === 'ready' || stage === 'completed' ? (o.eta?.time ?? null) : null,
    markedReadyAt: stage === 'ready' ? (o.markedReadyAt?.toISOString() ?? null) : null,
    scheduledFor: (stage === 'placed' || stage === 'accepted') && isScheduled(o) ? storedInstant(o.collectionTime) : null,
    rejectReason: stage === 'rejected' ? o.rejectReason : null,
    failureMessage: stage === 'payment_failed' ? o.message : null,
    payment: { type: o.paymentType, outcome: paymentOutcome(o) },
    lines: cart.items.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      choices: l.summary,
      unitPrice: fromCents(l.unitPrice),
      total: fromCents(l.total),
    })),
    totals: {
      currency: cart.currency,
      subtotal: fromCents(cart.subtotal),
      discount: fromCents(cart.discount),
      loyaltyDiscount: fromCents(cart.loyaltyDiscount ?? 0),
      creditCardSurcharge: fromCents(cart.creditCardSurcharge),
      deliveryCharges: fromCents(cart.deliveryCharges),
      total: fromCents(o.grandTotal),
    },
    collectionType: o.collectionType,
    collectionTime: storedInstant(o.collectionTime),
    customerName: o.customerName,
  };
}
