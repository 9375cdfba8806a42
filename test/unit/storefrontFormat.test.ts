import { describe, expect, it } from 'vitest';
import { money, time, when } from '../../storefront/format';
import { stateWords } from '../../storefront/components/ShopHeader';
import { simulatedToken } from '../../storefront/components/CardFields';
import { lineError } from '../../storefront/useQuote';
import { words } from '../../storefront/words';
import type { ShopPage } from '../../storefront/types';

/* The ordering page's words for money, times and the shop's state, on the shop's clock whatever the machine's zone. */

const sydney = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' };
const london = { locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' };
// 10:00 in Sydney on a Wednesday (AEDT, UTC+11).
const now = new Date('2025-01-15T23:00:00Z');

const page = (state: Partial<ShopPage['state']>): ShopPage =>
  ({
    state: { open: true, until: null, opens: null, paused: false, pausedUntil: null, extraMinutes: 0, takesOrders: true, ...state },
  }) as ShopPage;

describe('the ordering page in words', () => {
  it('writes money in the shop currency and times on the shop clock', () => {
    expect(money(4.5, sydney)).toBe('$4.50');
    expect(money(12, london)).toBe('£12.00');
    expect(time(new Date('2025-01-16T10:00:00Z'), sydney)).toBe('9:00 pm');
    expect(time(new Date('2025-01-16T10:00:00Z'), london)).toBe('10:00');
    expect(when(new Date('2025-01-16T19:30:00Z'), now, sydney, words)).toBe('6:30 am tomorrow');
    expect(when(new Date('2025-01-19T19:30:00Z'), now, sydney, words)).toBe('6:30 am Monday');
  });

  it('says whether the shop is open, closed, busy or not taking orders', () => {
    expect(stateWords(page({ until: '2025-01-16T10:00:00Z' }), now, sydney).text).toBe('Open until 9:00 pm');
    expect(stateWords(page({ open: false, opens: '2025-01-16T19:30:00Z' }), now, sydney).text).toBe('Closed · opens 6:30 am tomorrow');
    expect(stateWords(page({ extraMinutes: 20 }), now, sydney).text).toBe('Busy: orders take 20 minutes longer');
    expect(stateWords(page({ takesOrders: false, paused: true }), now, sydney).text).toBe('Not taking orders right now');
  });

  it('turns the test cards into the simulated provider’s tokens, and finds a line’s refusal', () => {
    expect(simulatedToken('4242 4242 4242 4242')).toBe('tok_visa');
    expect(simulatedToken('4000000000000002')).toBe('tok_chargeDeclined');
    expect(simulatedToken('5555 5555 5555 4444')).toBe('tok_invalid');
    const refusal = { status: 409, message: 'x', errors: { 'items.1': 'Cake is sold out.', 'items.12.halves.1': 'No half' } };
    expect(lineError(refusal, 1)).toBe('Cake is sold out.');
    expect(lineError(refusal, 12)).toBe('No half');
    expect(lineError(refusal, 2)).toBeNull();
  });
});
