import { z } from 'zod';
import { MISMATCH_KINDS } from './compareMoney';

/**
 * Response schemas of the Stripe routes: Stripe's own field names, amounts in minor units. Only the
 * fields the console reads are written out, so nothing else Stripe sends (or a secret) can reach the browser.
 */
const str = z.string().nullable().optional();
const address = z.object({ line1: str, line2: str, city: str, state: str, postal_code: str, country: str }).nullable().optional();

export const externalAccountSchema = z.object({
  id: z.string(),
  object: z.string(),
  account_holder_name: str,
  account_holder_type: str,
  bank_name: str,
  routing_number: str,
  last4: z.string().optional(),
  country: z.string().optional(),
  currency: z.string().optional(),
});

export const accountSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  mode: z.enum(['standard', 'custom']),
  country: z.string().optional(),
  default_currency: z.string().optional(),
  email: str,
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean().optional(),
  business_type: z.enum(['individual', 'company', 'government_entity', 'non_profit']).nullable().optional(),
  business_profile: z.object({ url: str, name: str }).nullable().optional(),
  capabilities: z.record(z.string(), z.string()).optional(),
  individual: z
    .object({
      first_name: str,
      last_name: str,
      dob: z
        .object({ day: z.number().nullable().optional(), month: z.number().nullable().optional(), year: z.number().nullable().optional() })
        .nullable()
        .optional(),
      address,
      email: str,
      phone: str,
      verification: z.object({ status: str }).nullable().optional(),
    })
    .nullable()
    .optional(),
  company: z
    .object({
      name: str,
      address,
      email: str,
      phone: str,
      directors_provided: z.boolean().optional(),
      executives_provided: z.boolean().optional(),
      owners_provided: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  requirements: z
    .object({
      past_due: z.array(z.string()).nullable().optional(),
      currently_due: z.array(z.string()).nullable().optional(),
      eventually_due: z.array(z.string()).nullable().optional(),
    })
    .nullable()
    .optional(),
  settings: z
    .object({
      payouts: z
        .object({
          schedule: z.object({
            interval: z.string().optional(),
            delay_days: z.union([z.number(), z.string()]).optional(),
            weekly_anchor: str,
            monthly_anchor: z.number().nullable().optional(),
          }),
        })
        .optional(),
    })
    .nullable()
    .optional(),
  external_accounts: z.object({ data: z.array(externalAccountSchema) }).optional(),
});

type AccountView = z.infer<typeof accountSchema>;

/**
 * The account as staff (USERs) read it: the holder's name stays, their date of birth, home address, contact and
 * identity check go. They belong to the owner and are the shop's ADMINs' alone, whatever the staff permissions say.
 */
export function withoutHolderDetails(account: AccountView): AccountView {
  if (!account.individual) return account;
  const { first_name, last_name } = account.individual;
  return { ...account, individual: { first_name, last_name } };
}

export const activeAccountSchema = z.object({
  accountId: z.string().nullable(),
  mode: z.enum(['standard', 'custom']).nullable(),
  /** How Connect works now (the 'Switch to unified Stripe Connect' setting): custom when switched on. */
  connectMode: z.enum(['standard', 'custom']),
  provider: z.enum(['stripe', 'simulated']),
});

const money = z.object({ amount: z.number().int(), currency: z.string() });
export const balanceSchema = z.object({
  available: z.array(money),
  pending: z.array(money),
  /** The charges the pending balance consists of (the simulated provider's ledger; absent with Stripe). */
  pending_charges: z.object({ count: z.number().int(), amount: z.number().int() }).optional(),
  /** The schedule's next payout day in the shop's calendar, and its amount where the provider knows it. */
  next_payout: z.object({ date: z.string(), amount: z.number().int().nullable() }).nullable(),
});
export const payoutListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      description: z.string().nullable(),
      created: z.number().int(),
      arrival_date: z.number().int(),
      status: z.string(),
    }),
  ),
  has_more: z.boolean(),
});
export const urlResult = z.object({ url: z.string() });

export const balanceTransactionListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      type: z.string(),
      description: z.string().nullable(),
      created: z.number().int(),
      status: z.string(),
    }),
  ),
  has_more: z.boolean(),
});

const idOrAmount = z.union([z.string(), z.number(), z.null()]);
export const reconcileReportSchema = z.object({
  provider: z.enum(['stripe', 'simulated']),
  since: z.string(),
  until: z.string(),
  accounts: z.number(),
  checked: z.number(),
  missed: z.array(z.string()),
  shops: z.number(),
  payments: z.number(),
  refunds: z.number(),
  mismatches: z.array(
    z.object({
      kind: z.enum(MISMATCH_KINDS),
      shopId: z.string(),
      orderId: z.string().optional(),
      paymentId: z.string().optional(),
      refundId: z.string().optional(),
      expected: idOrAmount,
      actual: idOrAmount,
    }),
  ),
  failures: z.array(z.object({ shopId: z.string(), message: z.string() })),
});
