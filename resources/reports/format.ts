import { formatMoney, toCents } from '../../domain/money';
import { paymentLabel } from '../../domain/orderView';
import type { Split, SplitFigures } from './types';

/** Currency units from the API in the shop's format ('$1,234.50'). */
export const money = (units: number | null | undefined, country: string) => formatMoney(toCents(units ?? 0), country);

export const collectionLabel = (type: string) => (type === 'DELIVERY' ? 'Delivery' : type === 'PICKUP' ? 'Pickup' : type);

export interface SplitRow extends SplitFigures {
  key: string;
  label: string;
}

const figures = (v: unknown): SplitFigures =>
  typeof v === 'number'
    ? { orders: 0, gross: v }
    : { orders: Number((v as SplitFigures).orders ?? 0), gross: Number((v as SplitFigures).gross ?? 0) };

/** The two sides of a split, both always present (In-Store and Online; Pickup and Delivery), whichever shape it came in. */
export function splitRows(split: Split | null | undefined, kind: 'payment' | 'collection'): SplitRow[] {
  const keys = kind === 'payment' ? ['CASH', 'CREDIT_CARD'] : ['PICKUP', 'DELIVERY'];
  const label = (k: string) => (kind === 'payment' ? paymentLabel(k) : collectionLabel(k));
  const found = new Map<string, SplitFigures>();
  if (Array.isArray(split)) {
    for (const row of split) {
      const key = String(row.paymentType ?? row.collectionType ?? row.type ?? row.key ?? '');
      found.set(key, figures(row));
    }
  } else if (split) {
    for (const [key, v] of Object.entries(split)) found.set(key, figures(v));
  }
  // The payment side may come keyed by its words (IN_STORE / ONLINE) rather than by payment type.
  const alias: Record<string, string> = { IN_STORE: 'CASH', INSTORE: 'CASH', ONLINE: 'CREDIT_CARD', CARD: 'CREDIT_CARD' };
  for (const [k, v] of [...found]) if (alias[k.toUpperCase()] && !found.has(alias[k.toUpperCase()])) found.set(alias[k.toUpperCase()], v);
  return keys.map((key) => ({ key, label: label(key), ...(found.get(key) ?? { orders: 0, gross: 0 }) }));
}

/** A change against last week in words: '+25% on last week', or nothing to compare with. */
export function changeInWords(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'Same as last week' : 'None on this day last week';
  const pct = Math.round(((now - before) / before) * 100);
  if (pct === 0) return 'Same as last week';
  return `${pct > 0 ? '+' : ''}${pct}% on last week`;
}

/** An hour of the day on a 24-hour clock's axis: '09:00'. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
