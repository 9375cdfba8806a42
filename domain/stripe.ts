import { z } from 'zod';
import { messages } from './messages';

/**
 * Stripe Connect as the console and the server both see it (spec 1 §3, §5, §9; 2 §3, §4). Amounts stay in the
 * provider's minor units and fields keep Stripe's names, as the issue's API contract says.
 */

export const PAYOUT_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/** Spec 1 §9: the payout delay value. */
const PAYOUT_DELAY_MINIMUM = 'minimum';

/** POST /api/stripe/shops/{shopId}/payout_schedule (spec 2 §4: daily → minimum delay, weekly → a weekday, monthly → 1–31). */
export const payoutScheduleSchema = z
  .object({
    interval: z.enum(PAYOUT_INTERVALS, { error: messages.intervalInvalid }),
    delay_days: z.union([z.literal(PAYOUT_DELAY_MINIMUM), z.number().int().min(2).max(30)]).optional(),
    weekly_anchor: z.enum(WEEKDAYS, { error: messages.weeklyAnchorRequired }).optional(),
    monthly_anchor: z
      .number({ error: messages.monthlyAnchorRange })
      .int({ error: messages.monthlyAnchorRange })
      .min(1, { error: messages.monthlyAnchorRange })
      .max(31, { error: messages.monthlyAnchorRange })
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.interval === 'weekly' && !s.weekly_anchor)
      ctx.addIssue({ code: 'custom', path: ['weekly_anchor'], message: messages.weeklyAnchorRequired });
    if (s.interval === 'monthly' && s.monthly_anchor === undefined)
      ctx.addIssue({ code: 'custom', path: ['monthly_anchor'], message: messages.monthlyAnchorRange });
  });
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

/** What Stripe is sent: only the anchor of the chosen interval, and the minimum delay for daily payouts. */
export function scheduleForStripe(s: PayoutSchedule): Record<string, string | number> {
  if (s.interval === 'daily') return { interval: 'daily', delay_days: PAYOUT_DELAY_MINIMUM };
  if (s.interval === 'weekly') return { interval: 'weekly', weekly_anchor: s.weekly_anchor! };
  return { interval: 'monthly', monthly_anchor: s.monthly_anchor! };
}

/** The label of the routing number by country (spec 1 §5); null where the country has none. */
export function routingLabel(country: string): string | null {
  switch (country) {
    case 'AU':
      return 'BSB';
    case 'GB':
      return 'Sort code';
    case 'US':
      return 'Routing number';
    default:
      return null;
  }
}

/** The bank account form (spec 1 §3 Bank details); country and currency come from the shop. */
export const bankDetailsSchema = z.object({
  account_holder_name: z
    .string({ error: 'Account holder name is required' })
    .trim()
    .min(1, { error: 'Account holder name is required' })
    .max(100),
  account_holder_type: z.enum(['individual', 'company'], { error: 'Choose individual or company' }),
  account_number: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^[0-9A-Z ]{4,34}$/i, { error: 'Enter the account number' }),
  routing_number: z.string().trim().optional(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export interface ExternalAccount {
  id: string;
  object: string;
  account_holder_name?: string | null;
  account_holder_type?: string | null;
  bank_name?: string | null;
  routing_number?: string | null;
  last4?: string;
  country?: string;
  currency?: string;
}

/** The fields of a connected account the console reads (spec 2 §3), as Stripe names them. */
export interface StripeAccount {
  id: string;
  displayName: string;
  /** Which connection mode made it: the shop's own (OAuth) or the platform's (account links). */
  mode: 'standard' | 'custom';
  country?: string;
  default_currency?: string;
  email?: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted?: boolean;
  business_type?: 'individual' | 'company' | null;
  business_profile?: { url?: string | null; name?: string | null } | null;
  capabilities?: Record<string, string>;
  individual?: {
    first_name?: string | null;
    last_name?: string | null;
    dob?: { day?: number | null; month?: number | null; year?: number | null } | null;
    address?: Record<string, string | null> | null;
    email?: string | null;
    phone?: string | null;
    verification?: { status?: string | null } | null;
  } | null;
  company?: {
    name?: string | null;
    address?: Record<string, string | null> | null;
    email?: string | null;
    phone?: string | null;
    directors_provided?: boolean;
    executives_provided?: boolean;
    owners_provided?: boolean;
  } | null;
  requirements?: { past_due?: string[] | null; currently_due?: string[] | null; eventually_due?: string[] | null } | null;
  settings?: {
    payouts?: {
      schedule?: { interval?: string; delay_days?: number | string; weekly_anchor?: string | null; monthly_anchor?: number | null };
    };
  } | null;
  external_accounts?: { data: ExternalAccount[] };
}

/** GET …/active_account: which account the shop uses, and how Connect works now (the payment switch). */
export interface ActiveAccount {
  accountId: string | null;
  mode: 'standard' | 'custom' | null;
  connectMode: 'standard' | 'custom';
  provider: 'stripe' | 'simulated';
}

export interface Payout {
  id: string;
  amount: number;
  currency: string;
  description: string | null;
  created: number;
  arrival_date: number;
  status: string;
}
export interface PayoutList {
  data: Payout[];
  has_more: boolean;
}
/** A movement of the account's balance (Stripe's balance transaction): a charge in, a refund or payout out. */
export interface BalanceTransaction {
  id: string;
  /** Minor units; negative for money leaving the balance (refunds, payouts). */
  amount: number;
  currency: string;
  /** charge, refund, payout, adjustment, stripe_fee, … */
  type: string;
  description: string | null;
  created: number;
  /** available, or pending until the money can be paid out. */
  status: string;
  /** The provider's fees on it and what is left (minor units); read when reconciling payouts. */
  fee?: number;
  net?: number;
  /** The payment it moved: an order's paymentId (the PaymentIntent for a Stripe charge, sim_ch_… simulated). */
  paymentId?: string | null;
}
export interface BalanceTransactionList {
  data: BalanceTransaction[];
  has_more: boolean;
}
export interface Balance {
  available: { amount: number; currency: string }[];
  pending: { amount: number; currency: string }[];
  /** The charges the pending balance consists of, where the provider can say (the simulated one): how many, their sum. */
  pending_charges?: { count: number; amount: number };
  /**
   * The next payout day the schedule makes ('YYYY-MM-DD', the shop's calendar; null for manual payouts or payouts not
   * enabled), and what it will pay where the provider can know it (null: what is available then).
   */
  next_payout?: { date: string; amount: number | null } | null;
}

/**
 * A requirement code in words ("each in words, not field codes"): `individual.dob.day` →
 * "Date of birth (day)", `external_account` → "Bank account". Codes we do not know are turned into words.
 */
const WORDS: Record<string, string> = {
  external_account: 'Bank account',
  business_type: 'Business type',
  business_profile: 'Business',
  'business_profile.url': 'Business website',
  'business_profile.mcc': 'Business category',
  'business_profile.product_description': 'Description of what the business sells',
  tos_acceptance: 'Acceptance of the Stripe terms of service',
  'tos_acceptance.date': 'Acceptance of the Stripe terms of service',
  'tos_acceptance.ip': 'Acceptance of the Stripe terms of service',
  individual: 'Representative',
  company: 'Company',
  representative: 'Representative',
  'dob.day': 'date of birth',
  'dob.month': 'date of birth',
  'dob.year': 'date of birth',
  first_name: 'first name',
  last_name: 'last name',
  email: 'email address',
  phone: 'phone number',
  id_number: 'ID number',
  ssn_last_4: 'last 4 digits of the SSN',
  'address.line1': 'street address',
  'address.city': 'city',
  'address.state': 'state',
  'address.postal_code': 'postcode',
  'verification.document': 'identity document',
  'verification.additional_document': 'additional identity document',
  tax_id: 'tax ID',
  directors_provided: 'directors',
  executives_provided: 'executives',
  owners_provided: 'owners',
};
function requirementInWords(code: string): string {
  if (WORDS[code]) return WORDS[code];
  const [head, ...rest] = code.split('.');
  const tail = rest.join('.');
  const who = WORDS[head] ?? (head.startsWith('person_') ? 'Person' : head.replace(/_/g, ' '));
  if (!tail) return who.charAt(0).toUpperCase() + who.slice(1);
  const what = WORDS[tail] ?? tail.replace(/[._]/g, ' ');
  return `${who.charAt(0).toUpperCase() + who.slice(1)}: ${what}`;
}
/** Requirement codes in words, each said once (dob.day, .month and .year read as one date of birth). */
export const requirementsInWords = (codes: readonly string[] | null | undefined) => [...new Set((codes ?? []).map(requirementInWords))];
