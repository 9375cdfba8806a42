import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder, storedCart } from '../../helpers/orders';
import { act } from '../../helpers/loyalty';
import { localDate, startOfDay, addDays } from '../../../domain/hours';
import { HISTORY_CSV_COLUMNS, ORDERS_CSV_COLUMNS, SALES_CSV_COLUMNS } from '../../../domain/orderReport';
import { replayed } from '../../helpers/replica';

/*
 * The reports' routes: the Orders Report, today, the Transaction Report (/sales/summary) and both CSVs, read from the daily totals the
 * orders' trigger keeps. Only accepted orders count; one accepted then refunded counts in gross and in refunds.
 */
let w: ShopWorld;
const ZONE = 'Australia/Sydney';
let today: string;
let range: { from: string; to: string };

// Reports read the replica when there is one: each read waits until it has the primary's writes.
const get = async (url: string, headers: Record<string, string> = w.staff.headers) => {
  await replayed(w.ctx);
  return w.ctx.app.inject({ url: `/api/reports/shops/${w.shop.id}${url}`, headers });
};
const qs = (p: Record<string, string>) => new URLSearchParams(p).toString();

beforeAll(async () => {
  w = await shopWorld();
  today = localDate(w.ctx.clock.now(), ZONE);
  range = { from: startOfDay(today, ZONE).toISOString(), to: startOfDay(addDays(today, 1), ZONE).toISOString() };
  const line = (name: string, quantity: number, total: number) => ({
    itemId: crypto.randomUUID(),
    name,
    summary: '',
    quantity,
    unitPrice: total / quantity,
    total,
    discountable: true,
  });
  // Accepted: a cash pickup of $20 with a $2 coupon, and a card delivery of $33 with $5 delivery and a $1 surcharge.
  const cash = await seedOrder(w.ctx, w.shop.id, {
    customerName: '=HYPERLINK("x")',
    coupon: 'SAVE2',
    discount: 200,
    grandTotal: 2000,
    cart: storedCart({ items: [line('Flat White', 4, 1800), line('Muffin', 1, 400)], subtotal: 2200, discount: 200, grandTotal: 2000 }),
  });
  const card = await seedOrder(w.ctx, w.shop.id, {
    card: 'tok_visa',
    collectionType: 'DELIVERY',
    deliveryCharges: 500,
    creditCardSurcharge: 100,
    applicationFee: 66,
    grandTotal: 3300,
    cart: storedCart({
      paymentType: 'CREDIT_CARD',
      collectionType: 'DELIVERY',
      items: [line('Pizza', 1, 2700)],
      subtotal: 2700,
      deliveryCharges: 500,
      creditCardSurcharge: 100,
      grandTotal: 3300,
    }),
  });
  // Accepted, then declined: its $11 card payment refunded.
  const refunded = await seedOrder(w.ctx, w.shop.id, {
    card: 'tok_visa',
    grandTotal: 1100,
    applicationFee: 22,
    cart: storedCart({ paymentType: 'CREDIT_CARD', grandTotal: 1100, items: [line('Muffin', 2, 1100)] }),
  });
  // Never counted: one waiting, one declined without being accepted.
  await seedOrder(w.ctx, w.shop.id, { grandTotal: 5000, cart: storedCart({ grandTotal: 5000 }) });
  const declined = await seedOrder(w.ctx, w.shop.id, { grandTotal: 7000, cart: storedCart({ grandTotal: 7000 }) });
  for (const o of [cash, card, refunded]) expect((await act(w, o.id, 'accept')).statusCode).toBe(200);
  expect((await act(w, refunded.id, 'reject')).statusCode).toBe(200);
  expect((await act(w, declined.id, 'reject')).statusCode).toBe(200);
});
afterAll(() => w.ctx.close());

describe('orders summary', () => {
  it('adds up the accepted orders, the refunded one in gross and refunds', async () => {
    const res = await get(`/orders/summary?${qs(range)}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      currency: 'AUD',
      from: today,
      to: today,
      orders: 2,
      gross: 64,
      net: 53,
      refunds: 11,
      refundedOrders: 1,
      averageOrder: 26.5,
      deliveryCharges: 5,
      discounts: 2,
      loyaltyDiscounts: 0,
      creditCardSurcharges: 1,
      byPaymentType: { CASH: { orders: 1, gross: 20 }, CREDIT_CARD: { orders: 1, gross: 33 } },
      byCollectionType: { PICKUP: { orders: 1, gross: 20 }, DELIVERY: { orders: 1, gross: 33 } },
      days: [{ date: today, orders: 2, gross: 64, net: 53 }],
    });
    expect(s.hours.reduce((n: number, h: { orders: number }) => n + h.orders, 0)).toBe(2);
    expect(s.topItems.byQuantity[0]).toEqual({ name: 'Flat White', quantity: 4, revenue: 18 });
    expect(s.topItems.byRevenue.map((i: { name: string }) => i.name)).toEqual(['Pizza', 'Flat White', 'Muffin']);
  });

  it('refuses a backwards range and one longer than 24 months, naming the field', async () => {
    const back = await get(`/orders/summary?${qs({ from: range.to, to: range.from })}`);
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toHaveProperty('to');
    const long = await get(`/orders/summary?${qs({ from: '2024-01-01T00:00:00+11:00', to: '2026-01-02T00:00:00+11:00' })}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The range can be at most 24 months');
    const bad = await get(`/orders/summary?${qs({ from: 'yesterday', to: range.to })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ from: 'from should be an ISO date and time' });
    const ancient = await get(`/orders/summary?${qs({ from: '0020-02-29T00:00:00Z', to: range.to })}`);
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().errors).toEqual({ from: 'from should be a date between 2000 and 2100' });
  });

  it('is for members only', async () => {
    expect((await get(`/orders/summary?${qs(range)}`, {})).statusCode).toBe(401);
    expect((await get(`/orders/summary?${qs(range)}`, w.outsider.headers)).statusCode).toBe(404);
    expect((await get(`/today`, w.outsider.headers)).statusCode).toBe(404);
    expect((await get(`/today`, {})).statusCode).toBe(401);
  });
});

describe('today', () => {
  it("answers today's figures, last week's and what is waiting", async () => {
    const res = await get('/today');
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json();
    expect(t).toMatchObject({
      currency: 'AUD',
      date: today,
      today: { sales: 53, orders: 2, average: 26.5 },
      sameDayLastWeek: { sales: 0, orders: 0, average: 0 },
      waiting: { newOrders: 1, newBookings: 0 },
    });
    expect(t.week).toHaveLength(7);
    expect(t.week[6]).toEqual({ date: today, sales: 53 });
  });
});

describe('the Transaction Report (/sales/summary)', () => {
  it('answers the week with the GST included and the fees', async () => {
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/reports/shops/${w.shop.id}/sales/summary`,
      headers: w.owner.headers,
      payload: { range: 'WEEK' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    // Card fees at 1.7% + 30c on the two card payments ($33 kept, $11 refunded: the provider keeps its fee).
    expect(s).toMatchObject({ currency: 'AUD', taxLabel: 'GST', total: 64, gst: 4.82, refunds: 11, transactionFees: 0.66 });
    expect(s.creditCardFees).toBe(1.35);
    expect(s.netPayout).toBe(Math.round((64 - 11 - 1.35 - 0.66) * 100) / 100);
    expect(s.days).toHaveLength(7);
  });

  it('refuses an unknown range and a custom one without its days', async () => {
    const post = async (payload: object) => {
      await replayed(w.ctx);
      return w.ctx.app.inject({ method: 'POST', url: `/api/reports/shops/${w.shop.id}/sales/summary`, headers: w.owner.headers, payload });
    };
    const unknown = await post({ range: 'YEAR' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('range');
    const custom = await post({ range: 'CUSTOM', from: '2026-01-01' });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().errors).toEqual({ to: 'is required for a custom range' });
    const ok = await post({ range: 'CUSTOM', from: today, to: today });
    expect(ok.json()).toMatchObject({ from: today, to: today, total: 64 });
  });
});

describe('CSVs', () => {
  it('streams the counted orders with the spec columns, formula cells quoted', async () => {
    const res = await get(`/orders.csv?${qs(range)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...ORDERS_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data.map((r) => r['Grand Total'])).toEqual(['20.00', '33.00']);
    expect(parsed.data[1]).toMatchObject({ Store: 'Staffed Cafe', Collection: 'Delivery', Payment: 'Online', 'Delivery Charges': '5.00' });
    // The mobile as typed in Australia: a spreadsheet shows it as it is, with no quote before it.
    expect(parsed.data[0]).toMatchObject({ Payment: 'In-Store', Coupon: 'SAVE2', Mobile: '0400 000 001', 'Payment Status': 'Unpaid' });
  });

  it('with history params answers what the history shows', async () => {
    const res = await get(`/orders.csv?${qs({ ...range, orderStatusRestaurant: 'NEW,DECLINED' })}`);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(parsed.data.map((r) => r['Grand Total']).sort()).toEqual(['11.00', '50.00', '70.00']);
    const named = await get(`/orders.csv?${qs({ ...range, q: 'hyperlink' })}`);
    expect(Papa.parse(named.body, { header: true, skipEmptyLines: true }).data).toHaveLength(1);
    // The same search as order history: '#1002' is that order, nothing else.
    const listed = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent(JSON.stringify({ q: 'hyperlink' }))}`,
      headers: w.staff.headers,
    });
    const [order] = listed.json() as { number: number; grandTotal: number }[];
    const byNumber = await get(`/orders.csv?${qs({ ...range, q: `#${order.number}` })}`);
    const rows = Papa.parse<Record<string, string>>(byNumber.body, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r['Grand Total'])).toEqual([order.grandTotal.toFixed(2)]);
  });

  it("Order History's CSV: every order the page lists, the spec's columns then number, customer, items and status words, its own name", async () => {
    const res = await get(`/history.csv?${qs(range)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="order-history-${today}-${today}.csv"`);
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...HISTORY_CSV_COLUMNS]);
    expect(parsed.meta.fields!.slice(0, ORDERS_CSV_COLUMNS.length)).toEqual([...ORDERS_CSV_COLUMNS]);
    // Without a status chosen, the history lists all five (the report counts the two accepted ones).
    expect(parsed.data).toHaveLength(5);
    const cash = parsed.data.find((r) => r['Grand Total'] === '20.00')!;
    expect(cash).toMatchObject({
      'Order Number': expect.stringMatching(/^#\d{4}$/),
      // The formula guard stays for the cell that needs it, and only there.
      Customer: `'=HYPERLINK("x")`,
      Items: '4 × Flat White; 1 × Muffin',
      Status: 'Accepted',
      Mobile: '0400 000 001',
      'Payment Status': 'Unpaid',
    });
    expect(
      parsed.data
        .filter((r) => r.Status === 'Declined')
        .map((r) => r['Grand Total'])
        .sort(),
    ).toEqual(['11.00', '70.00']);
    expect(parsed.data.find((r) => r['Grand Total'] === '11.00')!['Payment Status']).toBe('Refunded');
    expect(res.body).not.toMatch(/ACCEPTED|DECLINED|UNPAID|REFUND_SUCCESS/);
    const declined = await get(`/history.csv?${qs({ ...range, orderStatusRestaurant: 'DECLINED' })}`);
    expect(Papa.parse(declined.body, { header: true, skipEmptyLines: true }).data).toHaveLength(2);
    const bad = await get(`/history.csv?${qs({ ...range, orderStatusRestaurant: 'LOST' })}`);
    expect(bad.statusCode).toBe(400);
    expect((await get(`/history.csv?${qs(range)}`, w.outsider.headers)).statusCode).toBe(404);
  });

  it('the sales CSV has its columns and quotes a name a spreadsheet would run', async () => {
    const res = await get(`/sales.csv?range=WEEK`);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...SALES_CSV_COLUMNS]);
    expect(parsed.data[0]!['Customer Info']).toBe(`'=HYPERLINK("x") 0400 000 001`);
    expect(parsed.data[1]).toMatchObject({ Payment: 'Online', Amount: '33.00', 'Credit Card Fee': '0.86', 'Transaction Fee': '0.66' });
    expect((await get(`/sales.csv?range=DAY`)).statusCode).toBe(400);
    expect((await get(`/sales.csv?range=WEEK`, w.outsider.headers)).statusCode).toBe(404);
  });
});
