import { describe, expect, it } from 'vitest';
import { simulatedPayments, TEST_TOKENS } from '../../server/infra/payments';
import type { LedgerEntry, LedgerRow, SimulatedLedger } from '../../server/infra/payments/simulatedLedger';
import { ManualClock } from '../../server/infra/clock';

const base = { amount: 2350, currency: 'aud', shopId: 'shop-1' };

/** The provider's books in memory (the app's are in PostgreSQL, tested through the API): what it recorded, by id. */
function memoryLedger(): SimulatedLedger & { rows: Map<string, LedgerRow> } {
  const rows = new Map<string, LedgerRow>();
  return {
    rows,
    async record(e: LedgerEntry) {
      if (!rows.has(e.id)) rows.set(e.id, { paymentId: null, description: null, metadata: {}, ...e, accountId: 'acct_1' } as LedgerRow);
    },
    find: async (id) => rows.get(id) ?? null,
    list: async (_account, object, w) =>
      [...rows.values()].filter((r) => r.object === object && r.createdAt >= w.gte && r.createdAt < w.lt),
    page: async () => ({ rows: [...rows.values()], hasMore: false }),
    // The account's balance and payouts are the Connect provider's (tested through the API), not charging's.
    dueByDay: async () => [],
    net: async () => 0,
    pending: async () => ({ count: 0, amount: 0 }),
    availableBetween: async () => [],
    close: async () => undefined,
  };
}

describe('simulated payment provider', () => {
  const clock = new ManualClock();

  it('charges tok_visa and records it once; a retry with the same key answers the same payment from a fresh instance', async () => {
    const ledger = memoryLedger();
    const first = await simulatedPayments({ ledger, clock }).charge({
      ...base,
      idempotencyKey: 'k1',
      paymentToken: TEST_TOKENS.succeeds,
      description: 'Order from Carl',
    });
    const again = await simulatedPayments({ ledger, clock }).charge({ ...base, idempotencyKey: 'k1', paymentToken: TEST_TOKENS.succeeds });
    const other = await simulatedPayments({ ledger, clock }).charge({ ...base, idempotencyKey: 'k2', paymentToken: TEST_TOKENS.succeeds });
    expect(first).toMatchObject({ status: 'succeeded', amount: 2350, captured: true });
    expect(again).toEqual(first);
    expect(other.status === 'succeeded' && first.status === 'succeeded' && other.paymentId !== first.paymentId).toBe(true);
    expect(ledger.rows.size).toBe(2);
    const recorded = ledger.rows.get((first as { paymentId: string }).paymentId)!;
    expect(recorded).toMatchObject({
      object: 'charge',
      shopId: 'shop-1',
      amount: 2350,
      currency: 'aud',
      status: 'succeeded',
      description: 'Order from Carl',
    });
  });

  it('declines tok_chargeDeclined and unknown tokens, refuses non-integer amounts, and records none of them', async () => {
    const ledger = memoryLedger();
    const p = simulatedPayments({ ledger, clock });
    expect(await p.charge({ ...base, idempotencyKey: 'd', paymentToken: TEST_TOKENS.declined })).toMatchObject({
      status: 'declined',
      code: 'card_declined',
    });
    expect(await p.charge({ ...base, idempotencyKey: 'd', paymentToken: 'tok_bogus' })).toMatchObject({ status: 'declined' });
    expect(await p.charge({ ...base, amount: 12.5, idempotencyKey: 'x', paymentToken: TEST_TOKENS.succeeds })).toMatchObject({
      status: 'error',
    });
    expect(ledger.rows.size).toBe(0);
  });

  it('refunds a tok_visa charge idempotently and records it; a tok_refundFail refund fails; an unknown payment is missing', async () => {
    const ledger = memoryLedger();
    const p = simulatedPayments({ ledger, clock });
    const ok = await p.charge({ ...base, idempotencyKey: 'r1', paymentToken: TEST_TOKENS.succeeds, description: 'Order from Rita' });
    const bad = await p.charge({ ...base, idempotencyKey: 'r2', paymentToken: TEST_TOKENS.refundFails });
    if (ok.status !== 'succeeded' || bad.status !== 'succeeded') throw new Error('charges should succeed');
    const refund = await p.refund({ idempotencyKey: 'ref-1', paymentId: ok.paymentId, shopId: 'shop-1', reason: 'Store Closed' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 2350 });
    expect(
      await simulatedPayments({ ledger, clock }).refund({ idempotencyKey: 'ref-1', paymentId: ok.paymentId, shopId: 'shop-1' }),
    ).toEqual(refund);
    expect(await p.refund({ idempotencyKey: 'ref-2', paymentId: bad.paymentId, shopId: 'shop-1' })).toMatchObject({
      status: 'failed',
      code: 'refund_failed',
    });
    expect(await p.refund({ idempotencyKey: 'ref-3', paymentId: 'ch_unknown', shopId: 'shop-1' })).toMatchObject({
      status: 'failed',
      code: 'resource_missing',
    });
    // Another shop cannot refund this shop's charge, nor refund more than was charged.
    expect(await p.refund({ idempotencyKey: 'ref-4', paymentId: ok.paymentId, shopId: 'shop-2' })).toMatchObject({
      status: 'failed',
      code: 'resource_missing',
    });
    expect(await p.refund({ idempotencyKey: 'ref-5', paymentId: ok.paymentId, shopId: 'shop-1', amount: 2351 })).toMatchObject({
      status: 'failed',
    });
    const refunds = [...ledger.rows.values()].filter((r) => r.object === 'refund');
    expect(refunds).toEqual([
      expect.objectContaining({
        id: (refund as { refundId: string }).refundId,
        paymentId: ok.paymentId,
        amount: 2350,
        status: 'succeeded',
        description: 'REFUND FOR CHARGE (Order from Rita)',
        metadata: { reason: 'Store Closed' },
      }),
    ]);
    const day = { gte: new Date(Date.now() - 60_000), lt: new Date(Date.now() + 60_000) };
    expect((await p.listRefunds('acct_1', day)).map((r) => r.paymentId)).toEqual([ok.paymentId]);
    expect((await p.listPayments('acct_1', day)).map((x) => x.id).sort()).toEqual([ok.paymentId, bad.paymentId].sort());
  });
});
