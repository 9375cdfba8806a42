import crypto from 'node:crypto';
import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, conflict, secondsUntil, tooManyRequests } from '../../infra/http/errors';
import { format, messages } from '../../../domain/messages';
import type { PlaceOrder, StoredCart } from '../../../domain/order';
import { applicationFee, priceOrder } from '../../../domain/pricing';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { insertOrder, isSlotTakenError, type NewOrder, type OrderRow } from './repo';
import { firstWithKey, lockCouponCustomer, lockIdempotencyKey } from './repoPlacement';
import type { IpLimit } from './pricingInputs';
import { priceCart, refused } from './priceCart';
import { placedLoyalty } from './orderLoyalty';
import type { CardAtPlacement } from '../loyalty';
import { requestHash } from '../../infra/http/idempotency';
import { customerMobile } from '../../../domain/contact';
import { mailKeyReady, queueCustomerMail } from './mails';
import { hasCapacity, kitchenHoldUntil, kitchenMessages, prepMinutes } from '../../../domain/kitchen';
import { addedMinutes, bookableSlots, kitchenSettings, planKitchen, slotChoices } from './kitchen';
import { takeSlot } from './repoKitchen';
import { accepting } from './serviceActions';

/** How many times a placement offers slots before it gives up on a kitchen others keep filling first. */
const SLOT_TRIES = 5;

export interface Placed {
  order: OrderRow;
  /** The first answer to this Idempotency-Key, sent again. */
  replayed: boolean;
  /** The customer's card after this order (on a replay: as it is now), while the shop runs a loyalty program. */
  loyalty: { stamps: number; count: number; rewardApplied: boolean } | null;
}

/**
 * The first answer to this Idempotency-Key at the shop again, when there is one and the retry sent the same body (422
 * for another body); its card is read when answering (placeOrder).
 */
async function answeredBefore(db: Pick<Db, 'select'>, shopId: string, key: string, hash: string) {
  const first = await firstWithKey(shopId, db, key);
  if (!first) return undefined;
  if (first.requestHash !== hash) throw new AppError(422, messages.orderIdempotencyReuse, 'IDEMPOTENCY_KEY_REUSED');
  return { order: first, replayed: true } satisfies Attempt;
}

/**
 * Places a customer's order: prices it on the server (domain/pricing.ts), charges a card through the payment provider,
 * and stores it with its order.created event.
 *
 * Pricing reads and runs before any transaction, so a transaction holds its connection only for the writes, and a cash
 * order needs none: its insert and event are one statement (repo.ts insertOrder). With an Idempotency-Key:
 * - a cash order's insert does nothing when the shop already holds an order with that key (a retry arriving at the
 *   same moment on any server process waits for the first on the unique index), and the first is answered again, or
 *   422 when its body differs;
 * - a card order's writes run in a transaction under an advisory lock on (shop, key), looking for a first order before
 *   charging; the provider's charge carries a key derived from the same one, so even a process that dies between
 *   charging and committing cannot charge twice;
 * - a refusal takes that lock too and is only given once no first attempt turns out to have gone through.
 * A declined card is stored as a FAILURE order (never NEW). An order with a coupon limited per customer runs in a
 * transaction too, judging the coupon again under the customer's coupon lock (repoPlacement.ts lockCouponCustomer).
 * So does an order priced with the loyalty reward: under the card's lock it is priced again on the card as it is
 * then, and the order that still gets the reward holds it (one full card, one reward, however many orders arrive at
 * once).
 *
 * The mobile's order limit counts the orders stored in its window, read with the menu; it is applied only to an order
 * pricing accepts, so refused orders never lock a customer out. The per-IP limit (`ipLimit`, the route's) is counted
 * in the same statement that reads the shop, before anything is judged.
 */
export async function placeOrder(
  services: Services,
  shopId: string,
  body: PlaceOrder,
  rawBody: unknown,
  idempotencyKey: string | undefined,
  ipLimit: IpLimit | null = null,
): Promise<Placed> {
  const { loyalty, ...placed } = await placing(services, shopId, body, rawBody, idempotencyKey, ipLimit);
  // A replay reads the card as it is now (the first answer's card may have moved on since).
  return { ...placed, loyalty: loyalty === undefined ? await placedLoyalty(shopId, services.db, placed.order) : loyalty };
}

/** An attempt's answer: a replay's card is left to placeOrder. */
type Attempt = Omit<Placed, 'loyalty'> & { loyalty?: Placed['loyalty'] };

/** placeOrder, answering a replay without its card. */
async function placing(
  services: Services,
  shopId: string,
  body: PlaceOrder,
  rawBody: unknown,
  idempotencyKey: string | undefined,
  ipLimit: IpLimit | null,
): Promise<Attempt> {
  const { db, payments, clock, config } = services;
  const hash = requestHash(rawBody);
  const now = clock.now();
  const mobileLimit = { limit: config.rateLimit.perAccount, windowSeconds: config.rateLimit.windowSeconds };
  const cart = await priceCart(db, shopId, body, { now, mobile: body.mobile, mobileLimit, ipLimit });
  const { shop, inputs, docs, mobileFullUntil, limitedCoupon, loyalty, priced, hours, busy, inProgress } = cart;
  // A card cannot be charged without its token: asked once the cart itself can be taken.
  const refusal =
    cart.refusal ??
    (body.paymentType === 'CREDIT_CARD' && !body.paymentToken ? refused(400, messages.orderCardTokenMissing, 'paymentToken') : null);
  if (refusal && !idempotencyKey) throw refusal;
  if (!refusal && mobileFullUntil) {
    // A retry of an order that went through is answered again, not limited: that order is one of those counted.
    const first = idempotencyKey ? await answeredBefore(db, shop.id, idempotencyKey, hash) : undefined;
    if (first) return first;
    throw tooManyRequests(secondsUntil(mobileFullUntil.getTime(), now.getTime()));
  }
  // One customer, one spelling: what coupon limits, the per-mobile limit and history search count on.
  const mobile = customerMobile(body.mobile, shop.country);
  // The kitchen's rules for this collection type: accept it as it is placed, and how much a 15-minute slot takes.
  const kitchen = kitchenSettings(docs.get('kitchen'), body.collectionType);
  const requested = body.collectionTime === null ? null : new Date(body.collectionTime);
  const extraMinutes = addedMinutes(docs.get('kitchen'), body.collectionType, { busy, inProgress }, requested);
  const planInput = (runner: Pick<Db, 'execute'>, cart: StoredCart) => ({
    shopId: shop.id,
    db: runner,
    kitchen,
    type: body.collectionType,
    hours,
    now,
    requested,
    extraMinutes,
    grandTotalCents: cart.grandTotal,
    bookable: bookableSlots(inputs, requested),
  });
  const plan = (runner: Pick<Db, 'execute'>, cart: StoredCart) => planKitchen(planInput(runner, cart));
  /** When the slots offered were all taken meanwhile: the one planKitchen finds now (409 when there is none). */
  const replan = async (runner: Pick<Db, 'execute'>, cart: StoredCart, tries: number) => {
    if (tries >= SLOT_TRIES) throw conflict(kitchenMessages.kitchenFull, 'SLOT_FULL');
    return slotChoices(planInput(runner, cart), (await plan(runner, cart)).slot);
  };
  /** In a transaction: takes the first slot offered with room (its row locked until the transaction ends). */
  const takeFirst = async (tx: Pick<Db, 'execute'>, cart: StoredCart) => {
    let choices = slotChoices(planInput(tx, cart));
    for (let tries = 1; ; tries++) {
      const taken = await takeSlot(shop.id, tx, body.collectionType, cart.grandTotal, choices);
      if (taken) return taken;
      choices = await replan(tx, cart, tries);
    }
  };
  const base = (cart: StoredCart, slot: Date) => ({
    paymentType: body.paymentType,
    customerName: body.customerName,
    mobile,
    email: body.email ?? null,
    collectionType: body.collectionType,
    collectionTime: cart.collectionTime ? new Date(cart.collectionTime) : null,
    kitchenSlot: slot,
    // An order for later than the prep time from now waits in Scheduled until then (schedule.ts releases it).
    holdUntil: kitchenHoldUntil({
      now,
      requested: cart.collectionTime ? new Date(cart.collectionTime) : null,
      prepMinutes: prepMinutes(kitchen),
    }),
    placedAt: now,
    grandTotal: cart.grandTotal,
    deliveryCharges: cart.deliveryCharges,
    discount: cart.discount,
    creditCardSurcharge: cart.creditCardSurcharge,
    coupon: cart.coupon,
    cart,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
  });
  const cash = (cart: StoredCart, slot: Date): NewOrder => ({ ...base(cart, slot), orderStatusRestaurant: 'NEW', paymentStatus: 'UNPAID' });
  // An order with the loyalty reward is judged again under the card's lock, so one full card gives one reward.
  const redeeming = Boolean(priced?.ok && (priced.cart.loyaltyDiscount ?? 0) > 0);
  const progress = (card: CardAtPlacement | null, rewardApplied: boolean) => (card ? card.progress(rewardApplied) : null);
  // A cash order has nothing to charge: the order and its event are one statement, which with a key inserts nothing
  // when the shop already holds an order with it (then answered again). One with an e-mail address queues its receipt
  // in the order's transaction, below.
  // With a capacity, the insert takes the first of the slots offered that still has room in the same statement
  // (repoKitchen.ts slotTakingCtes), or fails having written nothing when each was taken meanwhile: then the loads are
  // read and the slot found offered alone (or the 409). An order the shop accepts as it is placed is inserted
  // ACCEPTED, which is all an accept does when there is no loyalty card to stamp (serviceActions.ts accepting);
  // otherwise the card's stamp is written in the transaction below.
  const acceptedNow = (eta: OrderRow['eta']) =>
    eta ? ({ orderStatusRestaurant: 'ACCEPTED', eta, acceptedAt: now, actedBy: null } as const) : {};
  if (body.paymentType === 'CASH' && priced?.ok && !limitedCoupon && !redeeming && !body.email && (!kitchen.autoAccept || !loyalty)) {
    const placed = { replayed: false, loyalty: progress(loyalty, false) };
    const cart = priced.cart;
    const autoAccepted = kitchen.autoAccept;
    let choices = hasCapacity(kitchen) ? slotChoices(planInput(db, cart)) : null;
    for (let tries = 1; ; tries++) {
      const { slot, eta } = choices ? { slot: choices.slots[0], eta: choices.etas[0] } : await plan(db, cart);
      const order = { ...cash(cart, slot), ...acceptedNow(eta) };
      const opts = { autoAccepted, ...(choices ? { slots: choices } : {}) };
      try {
        if (!idempotencyKey) return { order: await insertOrder(shop.id, db, order, opts), ...placed };
        const inserted = await insertOrder(shop.id, db, order, { ...opts, keyed: true });
        if (inserted) return { order: inserted, ...placed };
        return (await answeredBefore(db, shop.id, idempotencyKey, hash))!;
      } catch (e) {
        if (!choices || !isSlotTakenError(e)) throw e;
      }
      // A retry of an order that went through is answered again, whatever its slot holds now.
      const first = idempotencyKey ? await answeredBefore(db, shop.id, idempotencyKey, hash) : undefined;
      if (first) return first;
      choices = await replan(db, cart, tries);
    }
  }

  /** A receipt was queued: its worker is woken once the order commits. */
  let mailed = false;
  if (body.email) await mailKeyReady(services);
  const attempt = await db.transaction(async (transaction) => {
    // Every statement below goes through the transaction's own connection: taking a second one from the pool while
    // holding this one would deadlock the pool under load (every connection held, each waiting for another).
    const tx = transaction as unknown as typeof db;
    if (idempotencyKey) {
      await lockIdempotencyKey(shop.id, tx, idempotencyKey);
      const first = await answeredBefore(tx, shop.id, idempotencyKey, hash);
      if (first) return first;
    }
    if (refusal || !priced?.ok) throw refusal;
    let cart = priced.cart;
    let card = loyalty;
    if (limitedCoupon || redeeming) {
      // A coupon limited per customer is judged again under its lock, so simultaneous orders cannot all count the
      // redemptions before any is stored.
      if (limitedCoupon) await lockCouponCustomer(shop.id, tx, mobile, limitedCoupon.code);
      if (redeeming && card) card = await card.lock(tx);
      const coupon = limitedCoupon ? await limitedCoupon.judgeAgain(tx) : inputs.coupon;
      const again = priceOrder({ ...inputs, coupon, loyalty: card?.pricing ?? null });
      if (!again.ok) throw refused(again.status, again.message, again.field);
      cart = again.cart;
    }
    const rewarded = (cart.loyaltyDiscount ?? 0) > 0;
    // With a capacity the slot is taken (its row locked until this transaction ends, the order counted when
    // inserted) before a card is charged, so a full slot never charges anyone.
    const { slot, eta } = hasCapacity(kitchen) ? await takeFirst(tx, cart) : await plan(tx, cart);
    /**
     * The order went through: a rewarded one holds the card's reward (under the card's lock, taken above), and one the
     * shop accepts automatically is accepted here, exactly as by hand (its stamp or redemption, its event).
     */
    const placed = async (inserted: OrderRow): Promise<Attempt> => {
      if (rewarded && card) await card.reserve(tx, inserted, now);
      // Inserted quietly, its one order.created event says it arrived ACCEPTED (the boards chime, not ring); its
      // insert still queues the new-order alert mails, as every order's does.
      const order = eta ? await accepting(shop.id, tx, inserted, eta, null, now, 'order.created') : inserted;
      // The receipt exists exactly when the order does (a declined card never gets here, and sends none).
      mailed = await queueCustomerMail(services, tx, 'receipt', order, shop);
      // An accepted order's card has its stamp now: placeOrder reads it once committed.
      return { order, replayed: false, loyalty: eta ? undefined : progress(card, rewarded) };
    };
    const quiet = eta !== null;
    if (body.paymentType === 'CASH') return placed(await insertOrder(shop.id, tx, cash(cart, slot), { quiet }));

    const fee = applicationFee(readSettings(SETTINGS.transaction_fee, docs.get('transaction_fee')), cart.grandTotal);
    const charge = await payments.charge({
      idempotencyKey: `order:${shop.id}:${idempotencyKey ?? crypto.randomUUID()}`,
      amount: cart.grandTotal,
      currency: cart.currency,
      paymentToken: body.paymentToken!,
      shopId: shop.id,
      applicationFee: fee,
      description: `Order from ${body.customerName}`,
      db: tx,
    });
    if (charge.status === 'error') throw new AppError(503, messages.orderPaymentError, 'PAYMENT_ERROR');
    if (charge.status === 'declined') {
      const message = format(messages.orderCardDeclined, { reason: charge.message });
      const failed = await insertOrder(shop.id, tx, {
        ...base(cart, slot),
        status: 'FAILURE',
        message,
        orderStatusRestaurant: 'NA',
        paymentStatus: 'DECLINED',
        paymentProvider: payments.name,
      });
      return { order: failed, replayed: false, loyalty: progress(card, false) };
    }
    return placed(
      await insertOrder(
        shop.id,
        tx,
        {
          ...base(cart, slot),
          orderStatusRestaurant: 'NEW',
          paymentStatus: 'PAID',
          applicationFee: fee,
          paymentProvider: payments.name,
          paymentId: charge.paymentId,
        },
        { quiet },
      ),
    );
  });
  if (mailed) services.jobs.wake('mail');
  return attempt;
}
