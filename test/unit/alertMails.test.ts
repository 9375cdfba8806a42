import { describe, expect, it } from 'vitest';
import { bookingSubject, orderAlertMail, orderSubject } from '../../server/areas/alerts/mails';
import type { StoredCart } from '../../domain/order';

const shop = { id: 'shop-1', name: 'Cappuccino Corner', timezone: 'Australia/Sydney', country: 'AU' };
const cart: StoredCart = {
  currency: 'aud',
  items: [
    { itemId: 'i1', name: 'Latte', summary: 'Oat', quantity: 2, unitPrice: 530, total: 1060, discountable: true },
    { itemId: 'i2', name: 'Cake <b>', summary: '', quantity: 1, unitPrice: 599, total: 599, discountable: true },
  ],
  collectionName: null,
  customerName: 'Nina',
  collectionType: 'PICKUP',
  collectionTime: null,
  paymentType: 'CASH',
  deliveryAddress: null,
  subtotal: 1659,
  deliveryCharges: 0,
  discount: 0,
  creditCardSurcharge: 0,
  creditCardSurchargeMessage: null,
  grandTotal: 1659,
  coupon: null,
  comments: 'No sugar',
};
const order = {
  id: '0f0e0d0c-0000-4000-8000-000000000001',
  number: 1001,
  customerName: 'Nina',
  mobile: '+61400000001',
  collectionType: 'PICKUP',
  collectionTime: null,
  placedAt: new Date('2026-01-05T01:00:00Z'),
  paymentType: 'CASH',
  paymentStatus: 'UNPAID',
  grandTotal: 1659,
  cart,
};

describe('the new-order mail', () => {
  it('says what the kitchen needs, in HTML and text, links to the order and offers the preferences page', () => {
    const subject = orderSubject('ORDER_PLACED', order, shop.name);
    expect(subject).toBe('New order #1001 from Nina at Cappuccino Corner');
    const m = orderAlertMail({ to: 'k@example.com', subject, kind: 'ORDER_PLACED' }, order, shop, 'https://console.example');
    expect(m.headers).toEqual({ 'List-Unsubscribe': '<https://console.example/shops/shop-1/alerts>' });
    expect(m.text).toContain('Order: #1001');
    expect(m.text).toContain('Customer: Nina (0400 000 001)');
    expect(m.text).toContain('Collection: Pickup, As soon as possible');
    expect(m.text).toContain('2 × Latte (Oat): $10.60');
    expect(m.text).toContain('Total: $16.59');
    expect(m.text).toContain('Payment: In-Store (Unpaid)');
    // The console's one date format, on the shop's clock and named by its city.
    expect(m.text).toContain('Placed: Mon, Jan 5th 12:00 pm (Sydney time)');
    expect(m.text).toContain('Comments: No sugar');
    expect(m.text).toContain(`https://console.example/shops/shop-1/orders/${order.id}`);
    expect(m.html).toContain('Cake &#60;b&#62;');
    expect(m.html).not.toContain('Cake <b>');
  });

  it('names an order without a number by the start of its id', () => {
    expect(orderSubject('ORDER_UNPROCESSED', { ...order, number: null }, shop.name)).toBe(
      'Order #0f0e0d0c is waiting to be accepted at Cappuccino Corner',
    );
  });
});

describe("the booking mail's subject", () => {
  it('writes the booked day and time as the console does, not as stored', () => {
    const b = { name: 'Olivia', pax: 2, dateStr: '2026-11-29', timeStr: '13:42' };
    expect(bookingSubject('BOOKING_PLACED', b, 'Cappuccino Corner')).toBe(
      'New booking at Cappuccino Corner: Olivia, 2 guests, Sun, Nov 29th 1:42 pm',
    );
  });
});
