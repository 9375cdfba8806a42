import type { AuthProvider } from 'react-admin';
import type { ApiOrder } from '../../domain/orderView';
import type { Shop } from '../../domain/shop';

/** Console tests of the orders area's boards: a shop, the kitchen's signed-in user, and orders as the API lists them. */

export const orderShop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

/** Signed in as Kitchen Kim, a shop user (the board keeps its sound switch per user). */
export const kitchenAuth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isSuperAdmin: false }),
  getIdentity: async () => ({ id: 'u1', fullName: 'Kitchen Kim' }),
};

/** A NEW cash pickup of two flat whites ($9), placed at noon in Sydney on 25 Nov 2026; `over` changes any field. */
export function boardOrder(id: string, over: Partial<ApiOrder> = {}): ApiOrder {
  return {
    id,
    number: 1001,
    shopId: orderShop.id,
    status: 'OK',
    message: null,
    orderStatusRestaurant: 'NEW',
    paymentStatus: 'UNPAID',
    mobile: '+61400000001',
    customerName: `Customer ${id}`,
    collectionType: 'PICKUP',
    collectionTime: null,
    paymentType: 'CASH',
    placedAt: '2026-11-25T01:00:00Z',
    previousOrderCount: 0,
    applicationFee: 0,
    grandTotal: 9,
    eta: null,
    rejectReason: null,
    acknowledgedAt: null,
    acceptedAt: null,
    completedAt: null,
    stage: 'placed',
    markedReadyAt: null,
    kitchenAt: null,
    scheduled: false,
    cart: {
      currency: 'AUD',
      items: [{ itemId: 'i1', name: 'Flat White', summary: 'Oat', quantity: 2, unitPrice: 4.5, total: 9 }],
      collectionName: null,
      customerName: `Customer ${id}`,
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CASH',
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
    actions: ['accept', 'reject'],
    ...over,
  };
}
