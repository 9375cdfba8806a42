import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { OrderDetailPage } from '../../../resources/orders/OrderDetailPage';
import type { ApiOrder } from '../../../domain/orderView';
import type { OrderLoyalty as OrderLoyaltyLine } from '../../../domain/loyaltyCard';
import type { Shop } from '../../../domain/shop';

/** The order page's loyalty lines: the stamp an order earned, the reward it redeemed with its discount, and none when the program was off. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

type Loyalty = OrderLoyaltyLine | null;

function order(loyalty: Loyalty, loyaltyDiscount: number) {
  const total = 9 - loyaltyDiscount;
  return {
    id: 'order-1',
    shopId: shop.id,
    status: 'OK',
    message: null,
    orderStatusRestaurant: 'ACCEPTED',
    paymentStatus: 'NA',
    mobile: '+61400000001',
    customerName: 'Cathy Customer',
    collectionType: 'PICKUP',
    collectionTime: null,
    paymentType: 'CASH',
    placedAt: '2026-11-24T00:55:00.000Z',
    previousOrderCount: 2,
    applicationFee: 0,
    grandTotal: total,
    eta: null,
    rejectReason: null,
    acknowledgedAt: '2026-11-24T00:56:00.000Z',
    acceptedAt: '2026-11-24T00:57:00.000Z',
    completedAt: null,
    cart: {
      currency: 'AUD',
      items: [{ itemId: 'i1', name: 'Flat White', summary: '', quantity: 2, unitPrice: 4.5, total: 9 }],
      collectionName: null,
      customerName: 'Cathy Customer',
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CASH',
      deliveryAddress: null,
      subtotal: 9,
      deliveryCharges: 0,
      discount: 0,
      loyaltyDiscount,
      creditCardSurcharge: 0,
      creditCardSurchargeMessage: null,
      grandTotal: total,
      coupon: null,
      comments: null,
    },
    actions: ['complete'],
    loyalty,
  } as ApiOrder;
}

function renderOrder(o: ApiOrder) {
  const dataProvider = { ...testDataProvider(), getOne: async () => ({ data: o }), getAlertLog: async () => [] } as unknown as DataProvider;
  renderInShop(
    <Routes>
      <Route path="/orders/:orderId" element={<OrderDetailPage />} />
    </Routes>,
    { shop, dataProvider, path: '/orders/order-1' },
  );
}

afterEach(cleanup);

describe('the order page’s loyalty lines', () => {
  it('shows the stamp an order earned, with the card’s progress', async () => {
    renderOrder(order({ effect: 'STAMP', amount: 0.9, stamps: 1, count: 2, rewardReady: false }, 0));
    expect((await screen.findByTestId('order-loyalty', undefined, { timeout: 5000 })).textContent).toBe(
      'Loyalty cardStamp earned: 1 of 2 stamps',
    );
    expect(screen.queryByTestId('order-loyalty-discount')).toBeNull();
  });

  it('says the reward is ready when the stamp filled the card', async () => {
    renderOrder(order({ effect: 'STAMP', amount: 0.9, stamps: 2, count: 2, rewardReady: true }, 0));
    expect((await screen.findByTestId('order-loyalty', undefined, { timeout: 5000 })).textContent).toBe(
      'Loyalty cardStamp earned: 2 of 2 stamps · Reward ready for the next order',
    );
  });

  it('shows the reward redeemed and the loyalty discount line of the cart', async () => {
    renderOrder(order({ effect: 'REDEEM', amount: 1.8, stamps: 0, count: 2, rewardReady: false }, 1.8));
    expect((await screen.findByTestId('order-loyalty', undefined, { timeout: 5000 })).textContent).toBe(
      'Loyalty cardReward redeemed: $1.80 off',
    );
    expect(screen.getByTestId('order-loyalty-discount').textContent).toBe('Loyalty discount$1.80');
  });

  it('shows nothing of loyalty when the program was off', async () => {
    renderOrder(order(null, 0));
    await screen.findByTestId('order-detail', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('order-loyalty')).toBeNull();
    expect(screen.queryByTestId('order-loyalty-discount')).toBeNull();
  });
});
