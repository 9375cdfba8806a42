import { tzOffset } from '@date-fns/tz';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { orderStateCode, orderStatusWord, paymentStatusWord } from './orderView';

/**
 * What the reports show of an order: the spec's CSV columns in their order, the words for payment and collection,
 * money as decimals of the shop's currency, times on the shop's clock.
 */
export const ORDERS_CSV_COLUMNS = [
  'Order Time',
  'Store',
  'Mobile',
  'Collection',
  'Payment',
  'Payment Status',
  'Delivery Charges',
  'Grand Total',
  'Coupon',
  'Previous Orders',
] as const;

/**
 * Order History's CSV: the orders report's columns (the spec's, in its order), then what a list of orders needs that a
 * report does not: which order, whose, what was in it, and where it is now (in words).
 */
export const HISTORY_CSV_COLUMNS = [...ORDERS_CSV_COLUMNS, 'Order Number', 'Customer', 'Items', 'Status'] as const;

export const SALES_CSV_COLUMNS = ['Order Date', 'Customer Info', 'Payment', 'Amount', 'Credit Card Fee', 'Transaction Fee'] as const;

export const PAYMENT_TYPE_LABELS: Record<string, string> = { CASH: 'In-Store', CREDIT_CARD: 'Online' };
export const COLLECTION_TYPE_LABELS: Record<string, string> = { PICKUP: 'Pickup', DELIVERY: 'Delivery' };

/** The payment as the spec shows it: 'In-Store' for cash, 'Online' otherwise. */
export const paymentLabel = (paymentType: string) => (paymentType === 'CASH' ? 'In-Store' : 'Online');
export const collectionLabel = (collectionType: string) => COLLECTION_TYPE_LABELS[collectionType] ?? collectionType;

/** Cents as a CSV's decimal amount ('1234.50', '-5.00'): exact, no currency sign, so a spreadsheet sums it. */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// A zone's offset per quarter hour of UTC (every zone's changes fall on one): an export of a million rows asks the
// time-zone database once per quarter hour it spans, not once per row.
const QUARTER = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();
function offsetMinutes(timeZone: string, ms: number): number {
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  if (zone.size > 200_000) zone.clear();
  const bucket = Math.floor(ms / QUARTER);
  let offset = zone.get(bucket);
  if (offset === undefined) zone.set(bucket, (offset = tzOffset(timeZone, new Date(bucket * QUARTER))));
  return offset;
}

// Orders come oldest first, so neighbours often share a minute: the last one's text is kept.
let last = { zone: '', minute: NaN, text: '' };

/** An instant (a Date or epoch milliseconds) on the shop's clock as the CSVs write it ('2026-11-25 18:05'). */
export function csvTime(at: Date | number, timeZone: string): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const minute = Math.floor(ms / 60_000);
  if (minute === last.minute && timeZone === last.zone) return last.text;
  const wall = new Date(minute * 60_000 + offsetMinutes(timeZone, ms) * 60_000).toISOString();
  last = { zone: timeZone, minute, text: `${wall.slice(0, 10)} ${wall.slice(11, 16)}` };
  return last.text;
}

/**
 * The card provider's standard rate for a domestic card, by the shop's country: the fee it keeps on each card
 * payment (it keeps it on a refunded one too). Used to estimate card fees where the provider's own figures are not
 * at hand; the reconciled payouts carry the provider's actual fees.
 */
const CARD_RATES: Record<string, { basisPoints: number; fixedCents: number }> = {
  AU: { basisPoints: 170, fixedCents: 30 },
  NZ: { basisPoints: 265, fixedCents: 30 },
  GB: { basisPoints: 150, fixedCents: 20 },
  US: { basisPoints: 290, fixedCents: 30 },
};
const cardRate = (country: string) => CARD_RATES[country] ?? CARD_RATES.AU!;

/** The estimated card fee of `charges` card payments adding up to `chargedCents` (0 for none). */
export function cardFees(country: string, charges: number, chargedCents: number): number {
  if (charges <= 0) return 0;
  const r = cardRate(country);
  return Math.round((chargedCents * r.basisPoints) / 10_000) + charges * r.fixedCents;
}

// A customer orders again and again: an export parses each number once (bounded, like the zone offsets above).
const phones = new Map<string, string>();

/**
 * A phone as a spreadsheet shows it exactly as written, in every spreadsheet: a number of the shop's country as the
 * country writes it ('0454 630 000', '(02) 9123 4567'), one from abroad as the shop would dial it ('0011 44 7700 900123'
 * from Australia). Neither starts with + (which Excel and Sheets read as a formula or a number and lose), and the spaces
 * keep a leading 0 (a bare 0454630000 would become 454630000), so no quote or tab has to go before it. A number that
 * cannot be one anywhere stays as stored (then the formula guard may still quote it).
 */
export function csvPhone(stored: string, country: string): string {
  const key = `${country} ${stored}`;
  let shown = phones.get(key);
  if (shown === undefined) {
    const parsed = parsePhoneNumberFromString(stored, country as CountryCode);
    shown = !parsed?.isPossible()
      ? stored
      : parsed.country === country
        ? parsed.formatNational()
        : parsed.format('IDD', { fromCountry: country as CountryCode }) || parsed.formatInternational();
    if (phones.size > 50_000) phones.clear();
    phones.set(key, shown);
  }
  return shown;
}

/** A cart's lines in one cell: '2 × Latte (Oat); 1 × Banana bread'. */
export const itemsCell = (items: readonly { quantity: number; name: string; summary?: string | null }[]) =>
  items.map((l) => `${l.quantity} × ${l.name}${l.summary ? ` (${l.summary})` : ''}`).join('; ');

/** An order as the CSVs read it (cents, the instant it was placed: epoch milliseconds as read from a cursor). */
export interface ReportOrder {
  placedAt: Date | number;
  customerName: string;
  mobile: string;
  collectionType: string;
  paymentType: string;
  paymentStatus: string;
  deliveryCharges: number;
  grandTotal: number;
  coupon: string | null;
  previousOrderCount: number;
  applicationFee: number;
}

/** What Order History's CSV reads of an order besides the report's fields. */
export interface HistoryOrder extends ReportOrder {
  number: number;
  status: string;
  orderStatusRestaurant: string;
  completed: boolean;
  ready: boolean;
  items: { quantity: number; name: string; summary?: string | null }[] | null;
}

/** One row of the orders report's CSV, keyed by its columns. */
export function ordersCsvRow(
  o: ReportOrder,
  shop: { name: string; timezone: string; country: string },
): Record<(typeof ORDERS_CSV_COLUMNS)[number], string> {
  return {
    'Order Time': csvTime(o.placedAt, shop.timezone),
    Store: shop.name,
    Mobile: csvPhone(o.mobile, shop.country),
    Collection: collectionLabel(o.collectionType),
    Payment: paymentLabel(o.paymentType),
    'Payment Status': paymentStatusWord(o.paymentStatus),
    'Delivery Charges': decimal(o.deliveryCharges),
    'Grand Total': decimal(o.grandTotal),
    Coupon: o.coupon ?? '',
    'Previous Orders': String(o.previousOrderCount),
  };
}

/** One row of Order History's CSV: the report's row, then the order's number, customer, items and status in words. */
export function historyCsvRow(
  o: HistoryOrder,
  shop: { name: string; timezone: string; country: string },
): Record<(typeof HISTORY_CSV_COLUMNS)[number], string> {
  const state = orderStateCode({
    status: o.status,
    orderStatusRestaurant: o.orderStatusRestaurant,
    completedAt: o.completed ? 1 : null,
    stage: o.ready ? 'ready' : null,
  });
  return {
    ...ordersCsvRow(o, shop),
    'Order Number': `#${o.number}`,
    Customer: o.customerName,
    Items: itemsCell(o.items ?? []),
    Status: orderStatusWord(state),
  };
}

/** One row of the sales report's CSV: the card fee is the provider's estimated fee, the transaction fee the platform's. */
export function salesCsvRow(
  o: ReportOrder,
  shop: { timezone: string; country: string },
): Record<(typeof SALES_CSV_COLUMNS)[number], string> {
  const card = o.paymentType === 'CREDIT_CARD';
  return {
    'Order Date': csvTime(o.placedAt, shop.timezone),
    'Customer Info': `${o.customerName} ${csvPhone(o.mobile, shop.country)}`.trim(),
    Payment: paymentLabel(o.paymentType),
    Amount: decimal(o.grandTotal),
    'Credit Card Fee': decimal(card ? cardFees(shop.country, 1, o.grandTotal) : 0),
    'Transaction Fee': decimal(o.applicationFee),
  };
}
