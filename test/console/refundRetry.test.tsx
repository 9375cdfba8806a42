import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { HttpError, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { OrderDetailPage } from '../../resources/orders/OrderDetailPage';
import type { ApiOrderDetail, RefundAttempt } from '../../domain/orderView';
import type { Shop } from '../../domain/shop';

/** The order page's refund attempts and its 'Retry refund' (ADMIN, while the last attempt failed), with its toasts. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

const failed: RefundAttempt = {
  at: '2026-11-24T01:00:00.000Z',
  outcome: 'FAILED',
  message: 'Insufficient funds in Stripe account.',
  by: { id: 'u1', name: 'Sam Staff' },
};
const succeeded: RefundAttempt = {
  at: '2026-11-24T02:00:00.000Z',
  outcome: 'SUCCEEDED',
  message: null,
  by: { id: 'u2', name: 'Olive Owner' },
};

function order(paymentStatus: string, refundAttempts: RefundAttempt[]): ApiOrderDetail {
  return {
    id: 'order-1',
    number: 1001,
    shopId: shop.id,
    status: 'OK',
    message: null,
    orderStatusRestaurant: 'DECLINED',
    paymentStatus,
    mobile: '+61400000001',
    customerName: 'Cathy Customer',
    collectionType: 'PICKUP',
    collectionTime: null,
    paymentType: 'CREDIT_CARD',
    placedAt: '2026-11-24T00:55:00.000Z',
    previousOrderCount: 0,
    applicationFee: 0,
    grandTotal: 9,
    eta: null,
    rejectReason: 'Too Busy',
    acknowledgedAt: '2026-11-24T00:56:00.000Z',
    acceptedAt: null,
    completedAt: null,
    stage: 'rejected',
    markedReadyAt: null,
    kitchenAt: null,
    scheduled: false,
    cart: {
      currency: 'AUD',
      items: [{ itemId: 'i1', name: 'Flat White', summary: '', quantity: 2, unitPrice: 4.5, total: 9 }],
      collectionName: null,
      customerName: 'Cathy Customer',
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CREDIT_CARD',
      deliveryAddress: null,
      subtotal: 9,
      deliveryCharges: 0,
      discount: 0,
      loyaltyDiscount: 0,
      creditCardSurcharge: 0,
      creditCardSurchargeMessage: null,
      grandTotal: 9,
      coupon: null,
      comments: null,
    },
    actions: [],
    refundAttempts,
  };
}

/** The page at orders/order-1, reading `current()` on every load, with `retryRefund` as the server's answer. */
function renderOrder(current: () => ApiOrderDetail, retryRefund: () => Promise<ApiOrderDetail>, role: 'USER' | 'ADMIN' = 'ADMIN') {
  const dataProvider = {
    ...testDataProvider(),
    getOne: async () => ({ data: current() }),
    acknowledgeOrder: async () => current(),
    getAlertLog: async () => [],
    retryRefund: vi.fn(retryRefund),
  } as unknown as DataProvider & { retryRefund: ReturnType<typeof vi.fn> };
  renderInShop(
    <>
      <Routes>
        <Route path="/orders/:orderId" element={<OrderDetailPage />} />
      </Routes>
      <Notification />
    </>,
    { shop, dataProvider, role, path: '/orders/order-1' },
  );
  return dataProvider;
}

const attemptRows = () => screen.getAllByTestId('refund-attempt');
const retryButton = () => screen.queryByRole('button', { name: 'Retry refund' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('refund attempts on the order page', () => {
  it('lets an ADMIN retry a failed refund after confirming: success toast, the refunded banner, no more button', async () => {
    let now = order('REFUND_FAILURE', [failed]);
    const provider = renderOrder(
      () => now,
      async () => (now = order('REFUND_SUCCESS', [failed, succeeded])),
    );
    await screen.findByTestId('refund-attempts', undefined, { timeout: 5000 });
    expect(attemptRows()).toHaveLength(1);
    expect(attemptRows()[0].textContent).toContain('Insufficient funds in Stripe account.');
    expect(attemptRows()[0].textContent).toContain('Sam Staff');
    expect(screen.getByTestId('order-banner').textContent).toContain('This order was declined but the refund failed.');

    fireEvent.click(retryButton()!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("refund $9.00 to the customer's card");
    expect(provider.retryRefund).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry refund' }));

    expect(await screen.findByText('The payment was refunded to the customer.')).toBeTruthy();
    expect(provider.retryRefund).toHaveBeenCalledTimes(1);
    expect(provider.retryRefund).toHaveBeenCalledWith('shop-1', 'order-1');
    await waitFor(() =>
      expect(screen.getByTestId('order-banner').textContent).toContain(
        'This order was declined and the payment was successfully refunded.',
      ),
    );
    await waitFor(() => expect(attemptRows()).toHaveLength(2));
    // The confirmation's own button goes with the dialog's closing transition.
    await waitFor(() => expect(retryButton()).toBeNull());
  });

  it('toasts the provider message when the retry fails again, and keeps the button', async () => {
    const again: RefundAttempt = {
      ...failed,
      at: '2026-11-24T03:00:00.000Z',
      message: 'Your card issuer declined the refund.',
      by: { id: 'u2', name: 'Olive Owner' },
    };
    let now = order('REFUND_FAILURE', [failed]);
    renderOrder(
      () => now,
      async () => (now = order('REFUND_FAILURE', [failed, again])),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry refund' }, { timeout: 5000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry refund' }));
    expect(await screen.findByText('The refund failed again: Your card issuer declined the refund.')).toBeTruthy();
    await waitFor(() => expect(attemptRows()).toHaveLength(2));
    expect(retryButton()).not.toBeNull();
  });

  it("toasts the server's refusal (another device refunded it first)", async () => {
    // react-admin's data provider hook logs every failed call; the refusal is what this test expects.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderOrder(
      () => order('REFUND_FAILURE', [failed]),
      async () =>
        Promise.reject(
          new HttpError('The payment of this order has already been refunded.', 409, {
            message: 'The payment of this order has already been refunded.',
            code: 'REFUND_SUCCEEDED',
          }),
        ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry refund' }, { timeout: 5000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry refund' }));
    expect(await screen.findByText('The payment of this order has already been refunded.')).toBeTruthy();
  });

  it('shows a USER the attempts without the button, and cancelling the confirm retries nothing', async () => {
    renderOrder(
      () => order('REFUND_FAILURE', [failed]),
      async () => order('REFUND_SUCCESS', [failed, succeeded]),
      'USER',
    );
    await screen.findByTestId('refund-attempts', undefined, { timeout: 5000 });
    expect(attemptRows()).toHaveLength(1);
    expect(retryButton()).toBeNull();
    cleanup();

    const provider = renderOrder(
      () => order('REFUND_FAILURE', [failed]),
      async () => order('REFUND_SUCCESS', [failed, succeeded]),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry refund' }, { timeout: 5000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(provider.retryRefund).not.toHaveBeenCalled();
  });

  it("renders an order opened from a list (react-admin's copy from the list has no attempts), then its attempts", async () => {
    const { refundAttempts: _none, ...listed } = order('REFUND_FAILURE', []);
    const fromList = { ...listed, acknowledgedAt: null };
    let reads = 0;
    const dataProvider = {
      ...testDataProvider(),
      getOne: async () => ({ data: ++reads === 1 ? fromList : order('REFUND_FAILURE', [failed]) }),
      acknowledgeOrder: async () => fromList,
      getAlertLog: async () => [],
    } as unknown as DataProvider;
    renderInShop(
      <Routes>
        <Route path="/orders/:orderId" element={<OrderDetailPage />} />
      </Routes>,
      { shop, dataProvider, role: 'ADMIN', path: '/orders/order-1' },
    );
    await screen.findByTestId('order-detail', undefined, { timeout: 5000 });
    // The page is headed by the order's number.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^#1001 · /);
    expect(screen.queryByTestId('refund-attempts')).toBeNull();
    // Acknowledging the order reads it again: now with its attempts.
    await screen.findByTestId('refund-attempts', undefined, { timeout: 5000 });
    expect(attemptRows()).toHaveLength(1);
  });

  it('shows no refund section for an order that never had a refund', async () => {
    renderOrder(
      () => ({ ...order('UNPAID', []), paymentType: 'CASH' }),
      async () => order('UNPAID', []),
    );
    await screen.findByTestId('order-detail', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('refund-attempts')).toBeNull();
  });
});
