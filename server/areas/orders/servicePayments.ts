import type { Db } from '../../infra/db/client';
import { format, messages } from '../../../domain/messages';
import { updated, type OrderRow } from './repo';
import { orderReversed } from '../loyalty';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The provider refused the payment: a NEW card order not yet paid leaves the board the way a declined card does at
 * placement (status FAILURE with the card's message, orderStatusRestaurant NA, paymentStatus DECLINED).
 */
export async function paymentFailed(shopId: string, tx: Tx, o: OrderRow, reason: string, now: Date): Promise<void> {
  if (o.paymentType !== 'CREDIT_CARD' || o.orderStatusRestaurant !== 'NEW' || o.paymentStatus !== 'UNPAID') return;
  // An order that never went through gives back the loyalty reward it was placed with.
  await orderReversed(shopId, tx, o.id, now);
  await updated(shopId, tx, o, {
    status: 'FAILURE',
    message: format(messages.orderCardDeclined, { reason }),
    orderStatusRestaurant: 'NA',
    paymentStatus: 'DECLINED',
    updatedAt: now,
  });
}
