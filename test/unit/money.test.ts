import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, hasAtMostTwoDecimals, money, toCents } from '../../domain/money';

describe('money', () => {
  it('converts units and cents without float noise', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005 * 1)).toBe(100); // 1.005 is 1.00499… in binary; two-decimal inputs never reach here
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(toCents(1234.56))).toBe(1234.56);
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
    const price = money('Price');
    expect(price.safeParse(4.5).success).toBe(true);
    expect(price.safeParse(-1).error?.issues[0].message).toBe('should be at least 0');
    expect(price.safeParse(1.234).error?.issues[0].message).toBe('should have at most two decimals');
    expect(price.safeParse(undefined).error?.issues[0].message).toBe('Price is required');
  });

  it('formats 0,0.00 with the country symbol', () => {
    expect(formatMoney(123456, 'AU')).toBe('$1,234.56');
    expect(formatMoney(500, 'GB')).toBe('£5.00');
    expect(formatMoney(-5, 'NZ')).toBe('-$0.05');
    expect(formatMoney(100000000, 'US')).toBe('$1,000,000.00');
  });
});
