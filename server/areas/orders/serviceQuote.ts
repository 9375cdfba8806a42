import type { Services } from '../../infra/context';
import { AppError } from '../../infra/http/errors';
import type { OrderCart } from '../../../domain/order';
import { lineRefusals } from '../../../domain/pricing';
import { cartForApi } from './repo';
import type { IpLimit } from './pricingInputs';
import { priceCart } from './priceCart';
import { addedMinutes, bookableSlots, kitchenSettings, planKitchen, readyAtOfPlan } from './kitchen';

/**
 * Prices a cart as placing it now would (priceCart: the same inputs, busy mode and engine), and places nothing: no
 * order, no event, no idempotency record, no charge; it leaves the customer's per-mobile order limit alone. The only
 * write is the per-IP counter (`ipLimit`), in the same statement that reads the shop.
 *
 * No customer is known yet, so none is read: no loyalty card (the reward is neither applied nor shown, or anyone could
 * probe a card by typing mobile numbers), and a coupon limited per customer is judged as for a newcomer. Placing the
 * order judges both for the customer.
 *
 * A refusal answers placing's status, message and field; its errors also name every other line the engine refuses,
 * so a cart page can mark them all at once.
 */
export async function quoteCart(services: Services, shopId: string, cart: OrderCart, ipLimit: IpLimit) {
  const { db, clock, config } = services;
  const mobileLimit = { limit: config.rateLimit.perAccount, windowSeconds: config.rateLimit.windowSeconds };
  const now = clock.now();
  const { priced, refusal, inputs, docs, hours, busy, shop, inProgress } = await priceCart(db, shopId, cart, {
    now,
    mobile: null,
    mobileLimit,
    ipLimit,
  });
  if (priced?.ok) {
    // The kitchen's answer as placing would give it now: a full slot's 409, the slot an order for now takes.
    const requested = cart.collectionTime === null ? null : new Date(cart.collectionTime);
    const plan = await planKitchen({
      shopId: shop.id,
      db,
      kitchen: kitchenSettings(docs.get('kitchen'), cart.collectionType),
      type: cart.collectionType,
      hours,
      now,
      requested,
      extraMinutes: addedMinutes(docs.get('kitchen'), cart.collectionType, { busy, inProgress }, requested),
      grandTotalCents: priced.cart.grandTotal,
      bookable: bookableSlots(inputs, requested),
    });
    // What the customer has not told yet and the reward a quote never shows are no part of its answer.
    const {
      customerName: _name,
      collectionName: _collectionName,
      comments: _comments,
      loyaltyDiscount: _reward,
      ...quote
    } = cartForApi(priced.cart);
    // Said only when there is something to say (an automatic ETA, or a later slot for an order wanted now).
    const readyAt = readyAtOfPlan(plan, requested, now);
    return readyAt ? { ...quote, readyAt } : quote;
  }
  if (!priced || !refusal) throw refusal;
  const errors = { ...lineRefusals(inputs), ...refusal.errors };
  throw new AppError(refusal.statusCode, refusal.message, refusal.code, Object.keys(errors).length ? errors : undefined);
}
