import Stripe from 'stripe';
import type { Db } from '../db/client';
import { messages } from '../../../domain/messages';
import { activeAccount } from './accounts';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
  RefundResult,
  TimeWindow,
} from './types';
import { fromStripeError } from './stripeErrors';

/**
 * Card orders through Stripe Connect: a PaymentIntent created and confirmed as a direct charge on the shop's
 * connected account (Stripe-Account header), the platform's fee as application_fee_amount, and refunds on the same
 * account. Every call carries the caller's idempotency key, which the SDK also reuses on its own retries (a timeout
 * or a 409/5xx), so one order is charged once and one refund refunds once.
 */
export function stripePayments(stripe: Stripe, db: Db): PaymentProvider {
  const created = (w: TimeWindow) => ({ gte: Math.floor(w.gte.getTime() / 1000), lt: Math.floor(w.lt.getTime() / 1000) });
  /** Every page of a list (the SDK follows has_more with starting_after), as our errors. */
  async function all<T, R>(list: AsyncIterable<T>, map: (item: T) => R): Promise<R[]> {
    const out: R[] = [];
    try {
      for await (const item of list) out.push(map(item));
    } catch (error) {
      throw fromStripeError(error);
    }
    return out;
  }
  return {
    name: 'stripe',
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const account = await activeAccount(req.shopId, req.db ?? db);
      if (!account) return { status: 'error', message: messages.noConnectedAccount };
      // Card tokens (tok_…) from older client libraries become a card payment method; pm_… ids are used as they are.
      const method = req.paymentToken.startsWith('tok_')
        ? { payment_method_data: { type: 'card', card: { token: req.paymentToken } } }
        : { payment_method: req.paymentToken };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: req.amount,
            currency: req.currency.toLowerCase(),
            ...method,
            payment_method_types: ['card'],
            confirm: true,
            capture_method: req.capture === false ? 'manual' : 'automatic',
            ...(req.applicationFee ? { application_fee_amount: req.applicationFee } : {}),
            ...(req.description ? { description: req.description } : {}),
            metadata: { ...req.metadata, shopId: req.shopId },
          } as unknown as Stripe.PaymentIntentCreateParams,
          { idempotencyKey: req.idempotencyKey, stripeAccount: account.accountId },
        );
        if (intent.status === 'succeeded' || intent.status === 'requires_capture') {
          return { status: 'succeeded', paymentId: intent.id, amount: intent.amount, captured: intent.status === 'succeeded' };
        }
        return {
          status: 'declined',
          code: 'authentication_required',
          message: 'This card needs the customer to confirm the payment with their bank.',
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return { status: 'declined', code: error.decline_code ?? error.code ?? 'card_declined', message: error.message };
        }
        return {
          status: 'error',
          message: error instanceof Stripe.errors.StripeInvalidRequestError ? error.message : messages.stripeUnavailable,
        };
      }
    },

    async refund(req: RefundRequest): Promise<RefundResult> {
      const account = await activeAccount(req.shopId, req.db ?? db);
      if (!account) return { status: 'failed', code: 'no_account', message: messages.noConnectedAccount };
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: req.paymentId,
            ...(req.amount !== undefined ? { amount: req.amount } : {}),
            ...(req.reason ? { metadata: { reason: req.reason } } : {}),
          },
          { idempotencyKey: req.idempotencyKey, stripeAccount: account.accountId },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          return { status: 'failed', code: refund.failure_reason ?? 'refund_failed', message: 'The refund could not be processed.' };
        return { status: 'succeeded', refundId: refund.id, amount: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError)
          return {
            status: 'failed',
            code: error.code ?? error.type,
            message: error.type === 'StripeInvalidRequestError' ? error.message : messages.stripeUnavailable,
          };
        throw error;
      }
    },

    listPayments: (accountId, window) =>
      all(stripe.paymentIntents.list({ created: created(window), limit: 100 }, { stripeAccount: accountId }), (pi): ProviderPayment => ({
        id: pi.id,
        amount: pi.amount,
        currency: pi.currency,
        status: pi.status,
        created: pi.created,
        metadata: { ...pi.metadata },
      })),
    listRefunds: (accountId, window) =>
      all(stripe.refunds.list({ created: created(window), limit: 100 }, { stripeAccount: accountId }), (r): ProviderRefund => ({
        id: r.id,
        paymentId: typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? null),
        amount: r.amount,
        currency: r.currency,
        status: r.status ?? 'succeeded',
        created: r.created,
        metadata: { ...r.metadata },
      })),
  };
}
