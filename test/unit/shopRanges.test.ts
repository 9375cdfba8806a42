import { describe, expect, it } from 'vitest';
import { currentMonth, loyaltyRange, orderRange } from '../../domain/shopRanges';

// 2026-11-23 01:30 UTC is Monday 12:30 in Sydney (UTC+11) and Sunday 17:30 in Los Angeles (UTC-8).
const now = new Date('2026-11-23T01:30:00Z');

describe('orderRange', () => {
  it("computes days, weeks and months on the shop's clock", () => {
    expect(orderRange('TODAY', now, 'Australia/Sydney')).toEqual({ gte: '2026-11-22T13:00:00.000Z', lte: '2026-11-23T12:59:59.999Z' });
    expect(orderRange('TODAY', now, 'America/Los_Angeles')).toEqual({ gte: '2026-11-22T08:00:00.000Z', lte: '2026-11-23T07:59:59.999Z' });
    expect(orderRange('YESTERDAY', now, 'Australia/Sydney')).toEqual({ gte: '2026-11-21T13:00:00.000Z', lte: '2026-11-22T12:59:59.999Z' });
    expect(orderRange('WEEK', now, 'Australia/Sydney').gte).toBe('2026-11-22T13:00:00.000Z');
    expect(orderRange('LAST_WEEK', now, 'Australia/Sydney')).toEqual({ gte: '2026-11-15T13:00:00.000Z', lte: '2026-11-22T12:59:59.999Z' });
    expect(orderRange('MONTH', now, 'Australia/Sydney')).toEqual({ gte: '2026-10-31T13:00:00.000Z', lte: '2026-11-30T12:59:59.999Z' });
    expect(orderRange('LAST_MONTH', now, 'Australia/Sydney').gte).toBe('2026-09-30T14:00:00.000Z');
    expect(orderRange('CUSTOM', now, 'Australia/Sydney', '2026-02')).toEqual({
      gte: '2026-01-31T13:00:00.000Z',
      lte: '2026-02-28T12:59:59.999Z',
    });
  });
});

describe('loyaltyRange', () => {
  it('reads YEAR_MONTH as the chosen month and the other ranges as the order history does', () => {
    expect(loyaltyRange('YEAR_MONTH', now, 'Australia/Sydney', '2026-02')).toEqual(
      orderRange('CUSTOM', now, 'Australia/Sydney', '2026-02'),
    );
    for (const range of ['TODAY', 'YESTERDAY', 'WEEK', 'LAST_WEEK', 'MONTH', 'LAST_MONTH'] as const)
      expect(loyaltyRange(range, now, 'Australia/Sydney')).toEqual(orderRange(range, now, 'Australia/Sydney'));
  });

  it("starts on the month it is on the shop's clock, not UTC's", () => {
    // 2026-11-30 14:30 UTC is already 1 December in Sydney.
    const monthEnd = new Date('2026-11-30T14:30:00Z');
    expect(currentMonth(monthEnd, 'Australia/Sydney')).toBe('2026-12');
    expect(currentMonth(monthEnd, 'America/Los_Angeles')).toBe('2026-11');
    expect(loyaltyRange('YEAR_MONTH', monthEnd, 'Australia/Sydney', currentMonth(monthEnd, 'Australia/Sydney'))).toEqual({
      gte: '2026-11-30T13:00:00.000Z',
      lte: '2026-12-31T12:59:59.999Z',
    });
  });
});
