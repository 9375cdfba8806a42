import crypto from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './types';

/**
 * Test tokens of the simulated provider (the names Stripe's test mode uses, so a customer's app can switch providers
 * without changing its tests).
 */
export const TEST_TOKENS = {
  succeeds: 'tok_visa',
  declined: 'tok_chargeDeclined',
  refundFails: 'tok_refundFail',
} as const;

const digest = (key: string) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 24);

/** Charges made with tok_refundFail carry the mark in their id, so a refund (which only sees the id) knows to fail. */
const REFUND_FAIL_MARK = 'rf_';

/**
 * The built-in provider used when no real one is configured. It keeps no state: every answer is a function of the
 * request and its idempotency key, so a retry on any server process (or after a restart) gets the same result, as a
 * real provider's idempotency would give. Unknown tokens are declined like an invalid card.
 */
export function simulatedPayments(): PaymentProvider {
  return {
    name: 'simulated',
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      if (!Number.isInteger(req.amount) || req.amount <= 0) return { status: 'error', message: 'Amount must be a positive whole number of minor units' };
      if (req.paymentToken === TEST_TOKENS.declined) return { status: 'declined', code: 'card_declined', message: 'Your card was declined.' };
      if (req.paymentToken !== TEST_TOKENS.succeeds && req.paymentToken !== TEST_TOKENS.refundFails)
        return { status: 'declined', code: 'invalid_token', message: 'Your card details are invalid.' };
      const mark = req.paymentToken === TEST_TOKENS.refundFails ? REFUND_FAIL_MARK : '';
      return { status: 'succeeded', paymentId: `sim_ch_${mark}${digest(`charge:${req.idempotencyKey}`)}`, amount: req.amount, captured: req.capture ?? true };
    },
    async refund(req: RefundRequest): Promise<RefundResult> {
      if (!req.paymentId.startsWith('sim_ch_')) return { status: 'failed', code: 'resource_missing', message: 'No such payment' };
      if (req.paymentId.startsWith(`sim_ch_${REFUND_FAIL_MARK}`))
        return { status: 'failed', code: 'refund_failed', message: 'The refund could not be processed.' };
      return { status: 'succeeded', refundId: `sim_re_${digest(`refund:${req.idempotencyKey}`)}`, amount: req.amount ?? null };
    },
  };
}
