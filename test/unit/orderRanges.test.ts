import { describe, expect, it } from 'vitest';
import { orderRange } from '../../domain/orderRanges';

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
