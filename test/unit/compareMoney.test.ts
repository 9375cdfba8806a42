import { describe, expect, it } from 'vitest';
import { compareMoney, type ShopBooks } from '../../server/areas/stripe/compareMoney';
import type { OrderMoney, RefundMoney } from '../../server/areas/orders/repoReconciliation';
import type { ProviderPayment, ProviderRefund } from '../../server/infra/payments';

/** The comparison alone: one shop's provider records against its orders and refunds rows, for a day. */
const DAY_END = new Date('2024-05-02T00:00:00Z');
const window = { gte: new Date(DAY_END.getTime() - 86_400_000), lt: DAY_END };
const at = (hoursBeforeEnd: number) => new Date(DAY_END.getTime() - hoursBeforeEnd * 3_600_000);
const sec = (d: Date) => Math.floor(d.getTime() / 1000);

const pi = (id: string, amount: number, hours = 5, extra: Partial<ProviderPayment> = {}): ProviderPayment => ({
  id,
  amount,
  currency: 'aud',
  status: 'succeeded',
  created: sec(at(hours)),
  metadata: {},
  ...extra,
});
const order = (id: string, paymentId: string | null, grandTotal: number, hours = 5, extra: Partial<OrderMoney> = {}): OrderMoney => ({
  id,
  paymentType: 'CREDIT_CARD',
  paymentStatus: 'PAID',
  paymentProvider: 'stripe',
  paymentId,
  grandTotal,
  placedAt: at(hours),
  ...extra,
});
const re = (id: string, paymentId: string, amount: number, hours = 3, extra: Partial<ProviderRefund> = {}): ProviderRefund => ({
  id,
  paymentId,
  amount,
  currency: 'aud',
  status: 'succeeded',
  created: sec(at(hours)),
  metadata: {},
  ...extra,
});
const row = (
  id: string,
  orderId: string,
  amount: number,
  providerRefundId: string | null,
  hours = 3,
  extra: Partial<RefundMoney> = {},
): RefundMoney => ({
  id,
  orderId,
  amount,
  status: 'SUCCEEDED',
  providerRefundId,
  createdAt: at(hours),
  ...extra,
});
const books = (b: Partial<ShopBooks>): ShopBooks => ({
  window,
  provider: 'stripe',
  payments: [],
  refunds: [],
  orders: [],
  refundRows: [],
  ...b,
});

describe('compareMoney', () => {
  it('finds nothing when every payment has its paid order and every refund its succeeded row', () => {
    expect(
      compareMoney(
        books({
          payments: [pi('pi_1', 2450), pi('pi_2', 900), pi('pi_3', 1200, 2, { metadata: { orderId: 'o3' } })],
          orders: [
            order('o1', 'pi_1', 2450),
            order('o2', 'pi_2', 900, 5, { paymentStatus: 'REFUND_SUCCESS' }),
            order('o3', null, 1200, 2, { paymentStatus: 'PAID' }),
            order('cash', null, 500, 4, { paymentType: 'CASH', paymentStatus: 'UNPAID', paymentProvider: null }),
          ],
          refunds: [re('re_2', 'pi_2', 900)],
          refundRows: [row('r2', 'o2', 900, 're_2')],
        }),
      ),
    ).toEqual([]);
  });

  it('reports a succeeded payment with no order, and one whose order is not paid', () => {
    expect(
      compareMoney(
        books({
          payments: [pi('pi_lost', 700), pi('pi_unpaid', 800), pi('pi_failed', 300, 5, { status: 'requires_payment_method' })],
          orders: [order('o1', 'pi_unpaid', 800, 5, { paymentStatus: 'UNPAID' })],
        }),
      ),
    ).toEqual([
      { kind: 'payment_without_order', paymentId: 'pi_lost', expected: 'PAID', actual: null },
      { kind: 'order_not_paid', orderId: 'o1', paymentId: 'pi_unpaid', expected: 'PAID', actual: 'UNPAID' },
    ]);
  });

  it('reports a paid card order with no succeeded payment, and amounts that differ in cents', () => {
    expect(
      compareMoney(
        books({
          payments: [pi('pi_held', 500, 5, { status: 'requires_capture' }), pi('pi_short', 2449)],
          orders: [
            order('o_none', 'pi_nowhere', 1000),
            order('o_held', 'pi_held', 500),
            order('o_short', 'pi_short', 2450),
            order('o_sim', 'sim_ch_1', 100, 5, { paymentProvider: 'simulated' }),
          ],
        }),
      ),
    ).toEqual([
      { kind: 'amount_mismatch', orderId: 'o_short', paymentId: 'pi_short', expected: 2450, actual: 2449 },
      { kind: 'order_without_payment', orderId: 'o_none', paymentId: 'pi_nowhere', expected: 'succeeded', actual: null },
      { kind: 'order_without_payment', orderId: 'o_held', paymentId: 'pi_held', expected: 'succeeded', actual: 'requires_capture' },
    ]);
  });

  it('reports refunds with no row, rows not succeeded, orders not REFUND_SUCCESS, differing amounts and rows with no refund', () => {
    const paid = [pi('pi_a', 1000, 10), pi('pi_b', 1000, 10), pi('pi_c', 1000, 10), pi('pi_d', 1000, 10), pi('pi_e', 1000, 10)];
    const orders = [
      order('oa', 'pi_a', 1000, 10),
      order('ob', 'pi_b', 1000, 10, { paymentStatus: 'REFUND_FAILURE' }),
      order('oc', 'pi_c', 1000, 10, { paymentStatus: 'REFUND_FAILURE' }),
      order('od', 'pi_d', 1000, 10, { paymentStatus: 'REFUND_SUCCESS' }),
      order('oe', 'pi_e', 1000, 10, { paymentStatus: 'REFUND_SUCCESS' }),
    ];
    expect(
      compareMoney(
        books({
          payments: paid,
          orders,
          refunds: [
            re('re_a', 'pi_a', 1000),
            re('re_b', 'pi_b', 1000),
            re('re_c', 'pi_c', 1000),
            re('re_d', 'pi_d', 600),
            re('re_e', 'pi_e', 1000, 3, { status: 'failed' }),
          ],
          refundRows: [
            row('rb', 'ob', 1000, null, 3, { status: 'FAILED' }),
            row('rc', 'oc', 1000, 're_c'),
            row('rd', 'od', 1000, 're_d'),
            row('re', 'oe', 1000, 're_e'),
          ],
        }),
      ),
    ).toEqual([
      { kind: 'refund_without_record', orderId: 'oa', paymentId: 'pi_a', refundId: 're_a', expected: 'SUCCEEDED', actual: null },
      { kind: 'refund_not_succeeded', orderId: 'ob', paymentId: 'pi_b', refundId: 're_b', expected: 'SUCCEEDED', actual: 'FAILED' },
      {
        kind: 'refund_not_succeeded',
        orderId: 'oc',
        paymentId: 'pi_c',
        refundId: 're_c',
        expected: 'REFUND_SUCCESS',
        actual: 'REFUND_FAILURE',
      },
      { kind: 'refund_amount_mismatch', orderId: 'od', paymentId: 'pi_d', refundId: 're_d', expected: 1000, actual: 600 },
      { kind: 'refund_missing_at_provider', orderId: 'oe', paymentId: 'pi_e', refundId: 're_e', expected: 'succeeded', actual: 'failed' },
    ]);
  });

  it('compares only the day: records of another day without a partner are not reported, partners across midnight match', () => {
    expect(
      compareMoney(
        books({
          // Two days ago: a payment with no order and a paid order with no payment, another day's business.
          payments: [pi('pi_old', 500, 48), pi('pi_edge', 900, -0.1)],
          // Placed a moment before midnight, its payment recorded a moment after.
          orders: [order('o_old', 'pi_gone', 700, 48), order('o_edge', 'pi_edge', 900, 0.01)],
          refunds: [re('re_old', 'pi_old', 500, 47)],
          refundRows: [row('r_old', 'o_old', 700, 're_gone', 47)],
        }),
      ),
    ).toEqual([]);
  });
});
