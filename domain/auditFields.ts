import { format } from 'date-fns';
import { isInstantInRange } from './dateSchemas';
import { tz } from '@date-fns/tz';

/**
 * How a person reads an audit entry's fields, by kind: the name of each field ("Price", not price_cents), which
 * fields are money in cents (shown as 3.50 in the shop's currency), which are the record's bookkeeping (left out:
 * the record's id is the entry's), and which field names the record (the item's name, the coupon's code). A field
 * not listed here reads as its own name in words ("minimum_order" → "Minimum order").
 */
interface KindFields {
  labels?: Record<string, string>;
  /** Integer cents. */
  money?: readonly string[];
  /** The field whose value names the record. */
  name?: string;
}

const ON_OFF = { sold_out: 'Sold out', sold_out_until: 'Sold out until' };

export const AUDIT_FIELDS: Record<string, KindFields> = {
  shop: {
    name: 'name',
    labels: {
      name: 'Name',
      description: 'Description',
      locality: 'Locality',
      timezone: 'Time zone',
      country: 'Country',
      countries: 'Delivers to',
      type: 'Type',
      logo: 'Logo',
      listing_status: 'Listing',
      reject_reason: 'Reason refused',
      demo: 'Demo',
    },
  },
  item: {
    name: 'name',
    money: ['price_cents'],
    labels: {
      name: 'Name',
      description: 'Description',
      price_cents: 'Price',
      type: 'Type',
      ...ON_OFF,
      'doc.image': 'Image',
      'doc.dows': 'Days',
      'doc.attributes': 'Options',
      'doc.discounted': 'Discounted',
      'doc.timeOfDayApplicable': 'Time of day',
    },
  },
  coupon: {
    name: 'coupon',
    money: ['discount_cents', 'applicable_over_cents'],
    labels: {
      coupon: 'Code',
      description: 'Description',
      type: 'Type',
      discount_cents: 'Discount',
      discount_percentage: 'Discount (%)',
      applicable_over_cents: 'Minimum order',
      max_redeems: 'Uses allowed',
      start_date: 'Starts',
      end_date: 'Ends',
      dows: 'Days',
      exclusive: 'Not with other offers',
      first_order_discount: 'First order only',
      collection_type: 'Pickup or delivery',
    },
  },
  closure: { name: 'date', labels: { date: 'Date', note: 'Note', pickup: 'Pickup closed', delivery: 'Delivery closed' } },
  staff: { labels: { role: 'Role' } },
  invitation: {
    name: 'to_email',
    labels: { to_email: 'Email', role: 'Role', expires_at: 'Expires', from_email: 'Invited by', token_hash: 'Link' },
  },
  api_key: {
    name: 'name',
    labels: {
      name: 'Name',
      prefix: 'Key starts with',
      scopes: 'Permissions',
      expires_at: 'Expires',
      revoked_at: 'Revoked',
      key_hash: 'Key',
    },
  },
  refund: {
    money: ['amount'],
    labels: {
      amount: 'Amount',
      status: 'Status',
      order_id: 'Order',
      provider: 'Paid through',
      provider_refund_id: 'Provider reference',
      failure_message: 'Why it failed',
    },
  },
  order_reject: { labels: { orderStatusRestaurant: 'Order status', paymentStatus: 'Payment', rejectReason: 'Reason' } },
  two_factor: { labels: { enabled_at: 'Turned on', secret_sealed: 'Secret' } },
  sign_in: { labels: { device: 'Device', network: 'Network' } },
  'stripe.account': { name: 'accountId', labels: { accountId: 'Stripe account', how: 'How' } },
  'stripe.bank_account': { labels: { last4: 'Bank account (last four digits)' } },
  'stripe.payout_schedule': { labels: { interval: 'Payouts', weeklyAnchor: 'Day of the week', monthlyAnchor: 'Day of the month' } },
};

/** Bookkeeping every record has that is no change a person made (the entry names the record already). */
const HIDDEN = new Set(['id', 'shop_id', 'user_id', 'from_user_id', 'created_by', 'revoked_by', 'updated_by']);

export const auditFieldHidden = (field: string) => HIDDEN.has(field);

const kindFields = (kind: string): KindFields => AUDIT_FIELDS[kind] ?? {};

/** "value.minimumOrder" → "Minimum order"; "doc.dows" → "Dows". */
function words(field: string): string {
  const last = field.replace(/^(value|doc)\./, '');
  const spaced = last
    .replace(/\./g, ' ')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const auditFieldLabel = (kind: string, field: string): string => kindFields(kind).labels?.[field] ?? words(field);

export const auditFieldIsMoney = (kind: string, field: string): boolean => kindFields(kind).money?.includes(field) ?? false;

/** A stored timestamp (row_to_json writes them as ISO text with an offset), not any text that happens to parse. */
const isInstantText = (v: string) => /T\d\d:\d\d/.test(v) && /(Z|[+-]\d\d:?\d\d)$/.test(v) && isInstantInRange(Date.parse(v));

/**
 * A value as a person reads it: money as 3.50 (the currency goes beside it), yes/no, instants on the shop's clock,
 * lists joined; '' for nothing.
 */
export function auditValueText(value: unknown, opts: { money?: boolean; timeZone?: string } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (opts.money && typeof value === 'number') return (value / 100).toFixed(2);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && isInstantText(value) && opts.timeZone)
    return format(new Date(value), 'yyyy-MM-dd HH:mm', { in: tz(opts.timeZone) });
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
  return JSON.stringify(value);
}

/** What names the record: its name field's value after the change (before it, for a deletion). */
export function auditRecordName(
  kind: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string | null {
  const field = kindFields(kind).name;
  if (!field) return null;
  const value = (after ?? before)?.[field];
  return typeof value === 'string' && value ? value : null;
}
