import crypto from 'node:crypto';
import type { Clock } from '../clock';
import type { SimulatedLedger } from './simulatedLedger';
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

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The built-in provider used when no real one is configured. Every answer is a function of the request and its
 * idempotency key, so a retry on any server process (or after a restart) gets the same result, as a real provider's
 * idempotency would give. What it charges and refunds it records in its own books (simulatedLedger.ts), once per
 * id, so it can list them as Stripe lists PaymentIntents and refunds. Unknown tokens are declined like an invalid card.
 */
export function simulatedPayments({ ledger, clock }: { ledger: SimulatedLedger; clock: Clock }): PaymentProvider {
  const unreachable = (e: unknown) => `The simulated provider could not record the payment: ${(e as Error).message}`;
  return {
    name: 'simulated',
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      if (!Number.isInteger(req.amount) || req.amount <= 0)
        return { status: 'error', message: 'Amount must be a positive whole number of minor units' };
      if (req.paymentToken === TEST_TOKENS.declined)
        return { status: 'declined', code: 'card_declined', message: 'Your card was declined.' };
      if (req.paymentToken !== TEST_TOKENS.succeeds && req.paymentToken !== TEST_TOKENS.refundFails)
        return { status: 'declined', code: 'invalid_token', message: 'Your card details are invalid.' };
      const mark = req.paymentToken === TEST_TOKENS.refundFails ? REFUND_FAIL_MARK : '';
      const paymentId = `sim_ch_${mark}${digest(`charge:${req.idempotencyKey}`)}`;
      const captured = req.capture ?? true;
      try {
        await ledger.record({
          id: paymentId,
          shopId: req.shopId,
          object: 'charge',
          amount: req.amount,
          currency: req.currency.toLowerCase(),
          status: captured ? 'succeeded' : 'requires_capture',
          description: req.description ?? null,
          metadata: { ...req.metadata, shopId: req.shopId },
          createdAt: clock.now(),
        });
      } catch (e) {
        return { status: 'error', message: unreachable(e) };
      }
      return { status: 'succeeded', paymentId, amount: req.amount, captured };
    },
    async refund(req: RefundRequest): Promise<RefundResult> {
      const missing = { status: 'failed', code: 'resource_missing', message: 'No such payment' } as const;
      if (!req.paymentId.startsWith('sim_ch_')) return missing;
      try {
        const charge = await ledger.find(req.paymentId);
        if (!charge || charge.object !== 'charge' || charge.shopId !== req.shopId) return missing;
        if (req.paymentId.startsWith(`sim_ch_${REFUND_FAIL_MARK}`))
          return { status: 'failed', code: 'refund_failed', message: 'The refund could not be processed.' };
        const amount = req.amount ?? charge.amount;
        if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount)
          return { status: 'failed', code: 'amount_too_large', message: 'The refund is larger than the payment.' };
        const refundId = `sim_re_${digest(`refund:${req.idempotencyKey}`)}`;
        await ledger.record({
          id: refundId,
          shopId: req.shopId,
          object: 'refund',
          paymentId: charge.id,
          amount,
          currency: charge.currency,
          status: 'succeeded',
          description: `REFUND FOR CHARGE (${charge.description ?? charge.id})`,
          metadata: req.reason ? { reason: req.reason } : {},
          createdAt: clock.now(),
        });
        // A retry answers the refund made the first time, whatever amount it asks for now.
        const made = await ledger.find(refundId);
        return { status: 'succeeded', refundId, amount: made?.amount ?? amount };
      } catch (e) {
        return { status: 'failed', code: 'provider_error', message: unreachable(e) };
      }
    },
    async listPayments(accountId, window) {
      return (await ledger.list(accountId, 'charge', window)).map((r) => ({
        id: r.id,
        amount: r.amount,
        currency: r.currency,
        status: r.status,
        created: seconds(r.createdAt),
        metadata: r.metadata,
      }));
    },
    async listRefunds(accountId, window) {
      return (await ledger.list(accountId, 'refund', window)).map((r) => ({
        id: r.id,
        paymentId: r.paymentId,
        amount: r.amount,
        currency: r.currency,
        status: r.status,
        created: seconds(r.createdAt),
        metadata: r.metadata,
      }));
    },
  };
}
