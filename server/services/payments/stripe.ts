import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { messages } from '../../../domain/messages';
import { activeAccount } from '../../repos/stripeAccounts';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './types';

/**
 * Card orders through Stripe Connect: a PaymentIntent created and confirmed as a direct charge on the shop's
 * connected account (Stripe-Account header), the platform's fee as application_fee_amount, and refunds on the same
 * account. Every call carries the caller's idempotency key, which the SDK also reuses on its own retries (a timeout
 * or a 409/5xx), so one order is charged once and one refund refunds once.
 */
export function stripePayments(stripe: Stripe, db: Db): PaymentProvider {
  return {
    name: 'stripe',
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const account = await activeAccount(req.shopId, db);
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
        return { status: 'declined', code: 'authentication_required', message: 'This card needs the customer to confirm the payment with their bank.' };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return { status: 'declined', code: error.decline_code ?? error.code ?? 'card_declined', message: error.message };
        }
        return { status: 'error', message: error instanceof Stripe.errors.StripeInvalidRequestError ? error.message : messages.stripeUnavailable };
      }
    },

    async refund(req: RefundRequest): Promise<RefundResult> {
      const account = await activeAccount(req.shopId, db);
      if (!account) return { status: 'failed', code: 'no_account', message: messages.noConnectedAccount };
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: req.paymentId, ...(req.amount !== undefined ? { amount: req.amount } : {}), ...(req.reason ? { metadata: { reason: req.reason } } : {}) },
          { idempotencyKey: req.idempotencyKey, stripeAccount: account.accountId },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') return { status: 'failed', code: refund.failure_reason ?? 'refund_failed', message: 'The refund could not be processed.' };
        return { status: 'succeeded', refundId: refund.id, amount: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) return { status: 'failed', code: error.code ?? error.type, message: error.type === 'StripeInvalidRequestError' ? error.message : messages.stripeUnavailable };
        throw error;
      }
    },
  };
}
