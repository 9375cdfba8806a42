import { messages } from '../../domain/messages';
import type { BankDetails } from '../../domain/stripe';

export interface TokenizerSetup {
  country: string;
  currency: string;
  /** The deployment's (or remote config's) publishable key; empty with the simulated provider. */
  publishableKey: string;
  provider: 'stripe' | 'simulated';
}

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * Stripe.js's `{ error }` in the shape of our API's errors, so the one error path shows its message as the toast and,
 * when Stripe names a field of the form (`bank_account[routing_number]`), under that field too.
 */
function stripeJsError(error: { message?: string; param?: string }) {
  const message = error.message || messages.bankSaveFailed;
  const field = /^bank_account\[(\w+)\]$/.exec(error.param ?? '')?.[1];
  const known: (keyof BankDetails)[] = ['account_holder_name', 'account_holder_type', 'account_number', 'routing_number'];
  const errors = field && known.includes(field as keyof BankDetails) ? { [field]: message } : undefined;
  return Object.assign(new Error(message), { body: { message, code: 'STRIPE_JS', ...(errors ? { errors } : {}) } });
}

/**
 * Turns the bank form into a token in the browser, so the account number never reaches our server (spec 1 §7): with
 * Stripe.js and the publishable key when the server talks to Stripe, else the simulated tokenizer, whose token holds
 * the holder, the routing number and the last four digits only (what the simulated provider shows back).
 */
export async function bankAccountToken(details: BankDetails, setup: TokenizerSetup): Promise<string | null> {
  const routing = details.routing_number?.replace(/[\s-]/g, '') ?? '';
  const accountNumber = details.account_number.replace(/\s/g, '');
  if (setup.provider === 'stripe') {
    // A simulated token would reach Stripe only to be refused as unknown; say what is missing instead.
    if (!setup.publishableKey) throw new Error(messages.stripePkMissing);
    const { loadStripe } = await import('@stripe/stripe-js');
    const stripe = await loadStripe(setup.publishableKey);
    if (!stripe) return null;
    const { token, error } = await stripe.createToken('bank_account', {
      country: setup.country,
      currency: setup.currency.toLowerCase(),
      account_holder_name: details.account_holder_name,
      account_holder_type: details.account_holder_type,
      account_number: accountNumber,
      ...(routing ? { routing_number: routing } : {}),
    });
    if (error) throw stripeJsError(error);
    return token?.id ?? null;
  }
  const fields = [
    details.account_holder_name.slice(0, 32),
    details.account_holder_type === 'company' ? 'c' : 'i',
    routing.slice(0, 12),
    accountNumber.slice(-4),
  ];
  return `btok_sim_${base64url(JSON.stringify(fields))}`;
}
