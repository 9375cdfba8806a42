import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './fixtures';

/** Digits Stripe expects in a routing number, by the bank account's country (AU BSB, GB sort code, US ABA). */
const ROUTING_DIGITS: Record<string, number> = { AU: 6, GB: 6, US: 9 };

type Form = Record<string, string>;
type BankAccount = ReturnType<typeof bankAccountOf>;

const field = (body: Form, name: string) => body[`bank_account[${name}]`]?.trim() ?? '';

/** The bank account a token describes, as Stripe shows it: the account number reduced to its last four digits. */
function bankAccountOf(body: Form, seq: number) {
  const accountNumber = field(body, 'account_number');
  return {
    id: `ba_1Fake${String(seq).padStart(12, '0')}`,
    object: 'bank_account' as const,
    account_holder_name: field(body, 'account_holder_name') || null,
    account_holder_type: field(body, 'account_holder_type') || null,
    account_type: null,
    bank_name: 'STRIPE TEST BANK',
    country: field(body, 'country').toUpperCase(),
    currency: field(body, 'currency').toLowerCase(),
    fingerprint: crypto.createHash('sha256').update(accountNumber).digest('base64url').slice(0, 16),
    last4: accountNumber.slice(-4),
    routing_number: field(body, 'routing_number') || null,
    status: 'new',
  };
}

/** Stripe's answer to a bank_account token it cannot make, naming the parameter at fault as Stripe does. */
function refusal(body: Form): ReturnType<typeof errorBody> | null {
  const country = field(body, 'country').toUpperCase();
  if (!country)
    return errorBody('invalid_request_error', 'Missing required param: bank_account[country].', {
      param: 'bank_account[country]',
      code: 'parameter_missing',
    });
  if (!field(body, 'currency'))
    return errorBody('invalid_request_error', 'Missing required param: bank_account[currency].', {
      param: 'bank_account[currency]',
      code: 'parameter_missing',
    });
  if (!/^[0-9A-Z]{4,34}$/i.test(field(body, 'account_number'))) {
    return errorBody('invalid_request_error', 'Your account number is invalid.', {
      param: 'bank_account[account_number]',
      code: 'account_number_invalid',
    });
  }
  const digits = ROUTING_DIGITS[country];
  if (digits && !new RegExp(`^\\d{${digits}}$`).test(field(body, 'routing_number'))) {
    return errorBody('invalid_request_error', 'Your routing number is invalid.', {
      param: 'bank_account[routing_number]',
      code: 'routing_number_invalid',
    });
  }
  return null;
}

/**
 * POST /v1/tokens for bank accounts, as the browser's Stripe.js calls it with the publishable key (never a secret
 * key: a browser never holds one), answering a token object, or Stripe's error body with the parameter at fault.
 * `attach` is what POST /v1/accounts/{id}/external_accounts does with such a token.
 */
export function bankTokens(app: FastifyInstance) {
  const made = new Map<string, BankAccount>();
  let seq = 0;

  app.post('/v1/tokens', async (req, reply) => {
    // Stripe's API answers browsers from any origin (Stripe.js calls it from the shop's own pages).
    reply.header('access-control-allow-origin', '*');
    const key = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    if (!/^pk_(test|live)_\w+$/.test(key)) {
      return reply
        .status(401)
        .send(errorBody('invalid_request_error', 'You did not provide a publishable API key. Stripe.js sends one as a Bearer token.'));
    }
    const body = (req.body as Form | undefined) ?? {};
    const refused = refusal(body);
    if (refused) return reply.status(400).send(refused);
    const id = `btok_1Fake${String(++seq).padStart(12, '0')}`;
    const bankAccount = bankAccountOf(body, seq);
    made.set(id, bankAccount);
    return {
      id,
      object: 'token',
      bank_account: bankAccount,
      client_ip: req.ip,
      created: Math.floor(Date.now() / 1000),
      livemode: key.startsWith('pk_live_'),
      type: 'bank_account',
      used: false,
    };
  });

  return {
    /**
     * The bank account `token` made, now the connected account's default for its currency and listed first among its
     * external accounts, as Stripe lists them after the attach; null for a token this server never made.
     */
    attach(account: { id: string; external_accounts: { data: { default_for_currency: boolean }[]; total_count: number } }, token: string) {
      const bankAccount = made.get(token);
      if (!bankAccount) return null;
      const attached = { ...bankAccount, account: account.id, default_for_currency: true, metadata: {} };
      for (const other of account.external_accounts.data) other.default_for_currency = false;
      account.external_accounts.data.unshift(attached as unknown as (typeof account.external_accounts.data)[number]);
      account.external_accounts.total_count = account.external_accounts.data.length;
      return attached;
    },
  };
}
