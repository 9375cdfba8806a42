import { describe, expect, it } from 'vitest';
import { includedTax, taxRule, SALES_TAX_NOT_INCLUDED } from '../../domain/tax';
import {
  RANGE_BACKWARDS,
  RANGE_TOO_LONG,
  dayRangeProblem,
  daysOfInstants,
  eachDay,
  instantsOfDays,
  isDay,
  salesRange,
} from '../../domain/shopRanges';
import {
  HISTORY_CSV_COLUMNS,
  ORDERS_CSV_COLUMNS,
  SALES_CSV_COLUMNS,
  cardFees,
  csvPhone,
  csvTime,
  historyCsvRow,
  decimal,
  ordersCsvRow,
  paymentLabel,
  salesCsvRow,
  type ReportOrder,
} from '../../domain/orderReport';

describe('included tax', () => {
  it('is 1/11 of an Australian total (GST)', () => {
    expect(taxRule('AU').label).toBe('GST');
    expect(includedTax('AU', 11_000)).toBe(1_000);
    expect(includedTax('AU', 5_300)).toBe(482);
  });
  it('is 3/23 in New Zealand, 1/6 in Britain, and none in the US', () => {
    expect(includedTax('NZ', 11_500)).toBe(1_500);
    expect(taxRule('GB').label).toBe('VAT');
    expect(includedTax('GB', 12_000)).toBe(2_000);
    expect(includedTax('US', 12_000)).toBeNull();
    expect(taxRule('US').label).toBe(SALES_TAX_NOT_INCLUDED);
  });
});

describe('report ranges', () => {
  // Wednesday 25 November 2026, 09:00 in Sydney.
  const now = new Date('2026-11-24T22:00:00Z');
  it('weeks start on Monday and months are calendar months, on the shop clock', () => {
    expect(salesRange('WEEK', now, 'Australia/Sydney')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(salesRange('LAST_WEEK', now, 'Australia/Sydney')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(salesRange('MONTH', now, 'Australia/Sydney')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(salesRange('LAST_MONTH', now, 'Australia/Sydney')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(salesRange('CUSTOM', now, 'Australia/Sydney', { from: '2026-02-01', to: '2026-02-28' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    // The same instant is still Tuesday the 24th in New York.
    expect(salesRange('WEEK', now, 'America/New_York')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(salesRange('MONTH', new Date('2026-12-01T03:00:00Z'), 'America/New_York')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
  it('last month from January is December of the year before', () => {
    expect(salesRange('LAST_MONTH', new Date('2027-01-15T00:00:00Z'), 'Australia/Sydney')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
  it('takes at most 24 months, forwards', () => {
    expect(dayRangeProblem({ from: '2024-01-01', to: '2025-12-31' })).toBeNull();
    expect(dayRangeProblem({ from: '2024-01-01', to: '2026-01-01' })).toBe(RANGE_TOO_LONG);
    expect(dayRangeProblem({ from: '2026-01-02', to: '2026-01-01' })).toBe(RANGE_BACKWARDS);
  });
  it('knows a real date', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });
  it('a DST day is one day, of 23 or 25 hours (Sydney, New York)', () => {
    // Sydney sprang forward on 4 October 2026 and falls back on 5 April 2026.
    const spring = instantsOfDays({ from: '2026-10-04', to: '2026-10-04' }, 'Australia/Sydney');
    expect((spring.lt.getTime() - spring.gte.getTime()) / 3_600_000).toBe(23);
    const autumn = instantsOfDays({ from: '2026-04-05', to: '2026-04-05' }, 'Australia/Sydney');
    expect((autumn.lt.getTime() - autumn.gte.getTime()) / 3_600_000).toBe(25);
    // New York sprang forward on 8 March 2026 and falls back on 1 November 2026.
    const march = instantsOfDays({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect((march.lt.getTime() - march.gte.getTime()) / 3_600_000).toBe(23);
    const november = instantsOfDays({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York');
    expect((november.lt.getTime() - november.gte.getTime()) / 3_600_000).toBe(25);
    expect(daysOfInstants(march.gte, march.lt, 'America/New_York')).toEqual({ from: '2026-03-08', to: '2026-03-08' });
    expect(daysOfInstants(spring.gte, new Date(spring.lt.getTime() - 1), 'Australia/Sydney')).toEqual({
      from: '2026-10-04',
      to: '2026-10-04',
    });
    expect(eachDay({ from: '2026-10-03', to: '2026-10-05' })).toEqual(['2026-10-03', '2026-10-04', '2026-10-05']);
  });
});

describe('CSV rows', () => {
  const order: ReportOrder = {
    placedAt: new Date('2026-10-03T16:05:00Z'),
    customerName: '@SUM(A1)',
    mobile: '+61400000001',
    collectionType: 'DELIVERY',
    paymentType: 'CREDIT_CARD',
    paymentStatus: 'PAID',
    deliveryCharges: 500,
    grandTotal: 3300,
    coupon: null,
    previousOrderCount: 3,
    applicationFee: 66,
  };
  it('has the spec columns in order, money as decimals, the time on the shop clock', () => {
    const row = ordersCsvRow(order, { name: 'Cafe', timezone: 'Australia/Sydney', country: 'AU' });
    expect(Object.keys(row)).toEqual([...ORDERS_CSV_COLUMNS]);
    expect(row).toMatchObject({
      'Order Time': '2026-10-04 03:05',
      Collection: 'Delivery',
      Payment: 'Online',
      'Delivery Charges': '5.00',
      'Grand Total': '33.00',
      Coupon: '',
      'Previous Orders': '3',
      // Words, not the stored code; the mobile as typed in Australia (a spreadsheet keeps it as text, no quote).
      'Payment Status': 'Paid',
      Mobile: '0400 000 001',
    });
    const sales = salesCsvRow(order, { timezone: 'America/New_York', country: 'US' });
    expect(Object.keys(sales)).toEqual([...SALES_CSV_COLUMNS]);
    // 2.9% + 30c of $33.
    expect(sales).toMatchObject({ 'Order Date': '2026-10-03 12:05', 'Credit Card Fee': '1.26', 'Transaction Fee': '0.66' });
    expect(salesCsvRow({ ...order, paymentType: 'CASH' }, { timezone: 'UTC', country: 'AU' })['Credit Card Fee']).toBe('0.00');
  });
  it('writes cents exactly and labels payments as the spec does', () => {
    expect(decimal(123456)).toBe('1234.56');
    expect(decimal(-5)).toBe('-0.05');
    expect(paymentLabel('CASH')).toBe('In-Store');
    expect(paymentLabel('CREDIT_CARD')).toBe('Online');
  });
  it('estimates card fees at the provider rate of the shop country', () => {
    expect(cardFees('AU', 2, 4400)).toBe(75 + 60);
    expect(cardFees('GB', 1, 1000)).toBe(15 + 20);
    expect(cardFees('AU', 0, 0)).toBe(0);
  });
  it('reads the shop clock across DST in both hemispheres', () => {
    expect(csvTime(new Date('2026-10-03T15:59:00Z'), 'Australia/Sydney')).toBe('2026-10-04 01:59');
    expect(csvTime(new Date('2026-10-03T16:00:00Z'), 'Australia/Sydney')).toBe('2026-10-04 03:00');
    expect(csvTime(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01 01:30');
    expect(csvTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01 01:30');
  });
  it('reads epoch milliseconds as a cursor gives them, and a repeated minute in another zone afresh', () => {
    const at = Date.parse('2026-10-03T16:05:59.999Z');
    expect(csvTime(at, 'Australia/Sydney')).toBe('2026-10-04 03:05');
    expect(csvTime(at + 0.5, 'Australia/Sydney')).toBe('2026-10-04 03:05');
    expect(csvTime(at, 'America/New_York')).toBe('2026-10-03 12:05');
    expect(csvTime(at + 1, 'America/New_York')).toBe('2026-10-03 12:06');
  });
  it("Order History's row: the spec's columns first, then number, customer, items and the status in words", () => {
    const shop = { name: 'Cafe', timezone: 'Australia/Sydney', country: 'AU' };
    const history = {
      ...order,
      customerName: 'Olivia Brown',
      number: 1042,
      status: 'OK',
      orderStatusRestaurant: 'DECLINED',
      completed: false,
      ready: false,
      items: [
        { quantity: 2, name: 'Latte', summary: 'Oat' },
        { quantity: 1, name: 'Banana bread', summary: '' },
      ],
    };
    const row = historyCsvRow(history, shop);
    expect(Object.keys(row)).toEqual([...HISTORY_CSV_COLUMNS]);
    expect(Object.keys(row).slice(0, ORDERS_CSV_COLUMNS.length)).toEqual([...ORDERS_CSV_COLUMNS]);
    expect(row).toMatchObject({
      'Order Number': '#1042',
      Customer: 'Olivia Brown',
      Items: '2 × Latte (Oat); 1 × Banana bread',
      Status: 'Declined',
      Mobile: '0400 000 001',
    });
    expect(historyCsvRow({ ...history, orderStatusRestaurant: 'ACCEPTED', completed: true }, shop).Status).toBe('Completed');
    expect(historyCsvRow({ ...history, orderStatusRestaurant: 'ACCEPTED', ready: true }, shop).Status).toBe('Ready');
    expect(historyCsvRow({ ...history, status: 'FAILURE', orderStatusRestaurant: 'NA', paymentStatus: 'DECLINED' }, shop)).toMatchObject({
      Status: 'Payment failed',
      'Payment Status': 'Card declined',
    });
  });
  it('writes phones so a spreadsheet shows them as typed: no leading +, a leading 0 kept by the spaces', () => {
    expect(csvPhone('+61291234567', 'AU')).toBe('(02) 9123 4567');
    expect(csvPhone('+61454630000', 'AU')).toBe('0454 630 000');
    // From abroad: as the shop dials it from its own country.
    expect(csvPhone('+447700900123', 'AU')).toBe('0011 44 7700 900123');
    expect(csvPhone('+447700900123', 'US')).toBe('011 44 7700 900123');
    expect(csvPhone('+14155550123', 'US')).toBe('(415) 555-0123');
    // Not a number anywhere: as stored (the formula guard still sees it).
    expect(csvPhone('12', 'AU')).toBe('12');
  });
});
