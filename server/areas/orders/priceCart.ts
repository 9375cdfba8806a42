import type { Db } from '../../infra/db/client';
import { AppError, conflict } from '../../infra/http/errors';
import { messages } from '../../../domain/messages';
import { busyAt, type BusyState } from '../../../domain/order';
import { priceOrder, type PricingOrder } from '../../../domain/pricing';
import { pricingInputs, type Reading } from './pricingInputs';

/** The engine's refusal as the API answers it: its status and message, and the field it names. */
export const refused = (status: 400 | 409, message: string, field?: string) =>
  new AppError(status, message, 'ORDER_REFUSED', field ? { [field]: message } : undefined);

/**
 * Reads what pricing needs (pricingInputs.ts), honours busy mode and prices the cart: the one pricing flow placing an
 * order (service.ts) and quoting a cart (serviceQuote.ts) share, so a quote answers the figures and the refusal that
 * placing the same cart would. `priced` is null while the shop pauses orders; `refusal` is what to answer when the
 * cart cannot be taken.
 */
export async function priceCart(db: Db, shopId: string, order: PricingOrder, reading: Reading) {
  const placement = await pricingInputs(shopId, db, order, reading);
  const busy = busyAt(placement.docs.get('orders_busy') as Partial<BusyState> | undefined, reading.now);
  const priced = busy.paused ? null : priceOrder(placement.inputs);
  const refusal = !priced
    ? conflict(messages.orderNotTakingOrders, 'NOT_TAKING_ORDERS')
    : !priced.ok
      ? refused(priced.status, priced.message, priced.field)
      : null;
  return { ...placement, priced, refusal, busy };
}
