import { z } from 'zod';
import { COUNTRIES } from './countries';
import { format, messages } from './messages';
import { requiredMsg } from './validation';

/**
 * Money (ARCHITECTURE.md "Data"): integer minor units (cents) in the database and in the pricing engine; currency
 * units with at most two decimals on the API and in forms. These are the only conversions, done once at the edge.
 */

/** Largest amount any price field takes, in currency units (a million is far beyond any menu price). */
const MAX_MONEY_UNITS = 1_000_000;

/** Currency units (12.5) → cents (1250). Rounds away the float noise of binary fractions (0.29 * 100). */
export function toCents(units: number): number {
  return Math.round(units * 100);
}

/** Cents (1250) → currency units (12.5), exact to two decimals. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** True when a number has at most two decimals (12.34 yes, 12.345 no), tolerant of float representation. */
export function hasAtMostTwoDecimals(units: number): boolean {
  return Math.abs(units * 100 - Math.round(units * 100)) < 1e-6;
}

const TWO_DECIMALS_MSG = 'should have at most two decimals';

/**
 * An amount in currency units as the API and forms take it: a number ≥ min (default 0), ≤ max, at most two
 * decimals. The server turns it into cents with toCents() before storing.
 */
export function money(label: string, { min = 0, max = MAX_MONEY_UNITS }: { min?: number; max?: number } = {}) {
  return z
    .number({ error: requiredMsg(label) })
    .refine(Number.isFinite, { error: requiredMsg(label) })
    .min(min, { error: format(messages.minNumber, { n: min }) })
    .max(max, { error: format(messages.maxNumber, { n: max }) })
    .refine(hasAtMostTwoDecimals, { error: TWO_DECIMALS_MSG });
}

/** The currency symbol of a shop's country ('$' for AU, '£' for GB). */
export function currencySymbol(country: string): string {
  return (COUNTRIES as Record<string, { symbol: string }>)[country]?.symbol ?? '$';
}

/** The ISO currency of a shop's country (AUD for AU). */
export function currencyOf(country: string): string {
  return (COUNTRIES as Record<string, { currency: string }>)[country]?.currency ?? 'AUD';
}

/**
 * Spec 1 §9: money format 0,0.00 with the shop country's currency symbol: formatMoney(123456, 'AU') → '$1,234.56',
 * formatMoney(-500, 'GB') → '-£5.00'.
 */
export function formatMoney(cents: number, country: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (abs % 100).toString().padStart(2, '0');
  return `${sign}${currencySymbol(country)}${whole}.${frac}`;
}
