import { describe, expect, it } from 'vitest';
import { historyCsvPath } from '../../resources/orders/historyFilter';

/** Order History's Export CSV asks the reports API for what the page's filter shows. */
describe('historyCsvPath', () => {
  const range = { placedAt_gte: '2026-11-24T13:00:00.000Z', placedAt_lte: '2026-11-25T12:59:59.999Z' };

  it('passes the range as from and to', () => {
    expect(historyCsvPath('shop-1', range)).toBe(
      '/reports/shops/shop-1/history.csv?from=2026-11-24T13%3A00%3A00.000Z&to=2026-11-25T12%3A59%3A59.999Z',
    );
  });

  it('adds each filter the page has, statuses comma-separated, the search encoded', () => {
    const url = new URL(
      historyCsvPath('a/b', {
        ...range,
        q: '#1042 & co',
        orderStatusRestaurant: ['NEW', 'ACCEPTED'],
        paymentType: 'CREDIT_CARD',
        collectionType: 'DELIVERY',
      }),
      'http://x',
    );
    expect(url.pathname).toBe('/reports/shops/a%2Fb/history.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: range.placedAt_gte,
      to: range.placedAt_lte,
      q: '#1042 & co',
      orderStatusRestaurant: 'NEW,ACCEPTED',
      paymentType: 'CREDIT_CARD',
      collectionType: 'DELIVERY',
    });
    expect(
      new URL(historyCsvPath('s', { ...range, orderStatusRestaurant: 'DECLINED' }), 'http://x').searchParams.get('orderStatusRestaurant'),
    ).toBe('DECLINED');
  });
});
