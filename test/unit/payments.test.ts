import { describe, expect, it } from 'vitest';
import { simulatedPayments, TEST_TOKENS } from '../../server/services/payments';

const base = { amount: 2350, currency: 'aud', shopId: 'shop-1' };

describe('simulated payment provider', () => {
  it('charges tok_visa, and a retry with the same key answers the same payment from a fresh instance', async () => {
    const first = await simulatedPayments().charge({ ...base, idempotencyKey: 'k1', paymentToken: TEST_TOKENS.succeeds });
    const again = await simulatedPayments().charge({ ...base, idempotencyKey: 'k1', paymentToken: TEST_TOKENS.succeeds });
    const other = await simulatedPayments().charge({ ...base, idempotencyKey: 'k2', paymentToken: TEST_TOKENS.succeeds });
    expect(first).toMatchObject({ status: 'succeeded', amount: 2350, captured: true });
    expect(again).toEqual(first);
    expect(other.status === 'succeeded' && first.status === 'succeeded' && other.paymentId !== first.paymentId).toBe(true);
  });

  it('declines tok_chargeDeclined and unknown tokens, refuses non-integer amounts', async () => {
    const p = simulatedPayments();
    expect(await p.charge({ ...base, idempotencyKey: 'd', paymentToken: TEST_TOKENS.declined })).toMatchObject({ status: 'declined', code: 'card_declined' });
    expect(await p.charge({ ...base, idempotencyKey: 'd', paymentToken: 'tok_bogus' })).toMatchObject({ status: 'declined' });
    expect(await p.charge({ ...base, amount: 12.5, idempotencyKey: 'x', paymentToken: TEST_TOKENS.succeeds })).toMatchObject({ status: 'error' });
  });

  it('refunds a tok_visa charge idempotently; a tok_refundFail charge succeeds but its refund fails', async () => {
    const p = simulatedPayments();
    const ok = await p.charge({ ...base, idempotencyKey: 'r1', paymentToken: TEST_TOKENS.succeeds });
    const bad = await p.charge({ ...base, idempotencyKey: 'r2', paymentToken: TEST_TOKENS.refundFails });
    if (ok.status !== 'succeeded' || bad.status !== 'succeeded') throw new Error('charges should succeed');
    const refund = await p.refund({ idempotencyKey: 'ref-1', paymentId: ok.paymentId, shopId: 'shop-1' });
    expect(refund).toMatchObject({ status: 'succeeded' });
    expect(await simulatedPayments().refund({ idempotencyKey: 'ref-1', paymentId: ok.paymentId, shopId: 'shop-1' })).toEqual(refund);
    expect(await p.refund({ idempotencyKey: 'ref-2', paymentId: bad.paymentId, shopId: 'shop-1' })).toMatchObject({ status: 'failed' });
    expect(await p.refund({ idempotencyKey: 'ref-3', paymentId: 'ch_unknown', shopId: 'shop-1' })).toMatchObject({ status: 'failed' });
  });
});
