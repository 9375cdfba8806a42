import type Stripe from 'stripe';
import type { Balance, BalanceTransactionList, ExternalAccount, PayoutList } from '../../../domain/stripe';
import type { ConnectProvider, RawAccount } from './connect';
import { fromStripeError } from './stripeErrors';

/** Stripe Connect through the official SDK. Errors become AppErrors with a clear message (stripeErrors.ts). */
export function stripeConnect(stripe: Stripe, clientId: string | undefined): ConnectProvider {
  const on = (accountId: string, idempotencyKey?: string): Stripe.RequestOptions => ({
    stripeAccount: accountId,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw fromStripeError(error);
    }
  };
  return {
    kind: 'stripe',
    authorizeUrl({ state, redirectUri, email, country, businessName }) {
      return stripe.oauth.authorizeUrl({
        client_id: clientId,
        response_type: 'code',
        scope: 'read_write',
        state,
        redirect_uri: redirectUri,
        stripe_user: { email, country, business_name: businessName },
      });
    },
    exchangeCode: (code) =>
      call(async () => {
        const token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
        if (!token.stripe_user_id) throw new Error('Stripe answered the OAuth code without an account id');
        return token.stripe_user_id;
      }),
    createAccount: ({ country, email, businessName, idempotencyKey }) =>
      call(async () => {
        const account = await stripe.accounts.create(
          {
            type: 'custom',
            country,
            email,
            business_profile: { name: businessName },
            requested_capabilities: ['card_payments', 'transfers'],
          } as Stripe.AccountCreateParams,
          { idempotencyKey },
        );
        return account.id;
      }),
    accountLink: (accountId, { type, refreshUrl, returnUrl, idempotencyKey }) =>
      call(async () => {
        const link = await stripe.accountLinks.create(
          {
            account: accountId,
            type,
            refresh_url: refreshUrl,
            return_url: returnUrl,
            collect: 'eventually_due',
          } as Stripe.AccountLinkCreateParams,
          { idempotencyKey },
        );
        return link.url;
      }),
    retrieveAccount: (accountId) =>
      call(async () => (await stripe.accounts.retrieve(accountId, {}, on(accountId))) as unknown as RawAccount),
    deauthorize: (accountId) =>
      call(async () => {
        await stripe.oauth.deauthorize({ client_id: clientId ?? '', stripe_user_id: accountId });
      }),
    setExternalAccount: (accountId, token, idempotencyKey) =>
      call(async () => {
        const external = await stripe.accounts.createExternalAccount(
          accountId,
          { external_account: token, default_for_currency: true },
          on(accountId, idempotencyKey),
        );
        return external as unknown as ExternalAccount;
      }),
    updatePayoutSchedule: (accountId, schedule, idempotencyKey) =>
      call(async () => {
        const account = await stripe.accounts.update(
          accountId,
          { settings: { payouts: { schedule } } } as Stripe.AccountUpdateParams,
          on(accountId, idempotencyKey),
        );
        return account as unknown as RawAccount;
      }),
    listPayouts: (accountId, { limit, startingAfter }) =>
      call(async () => {
        const list = await stripe.payouts.list({ limit, ...(startingAfter ? { starting_after: startingAfter } : {}) }, on(accountId));
        return {
          has_more: list.has_more,
          data: list.data.map((p) => ({
            id: p.id,
            amount: p.amount,
            currency: p.currency,
            description: p.description,
            created: p.created,
            arrival_date: p.arrival_date,
            status: p.status,
          })),
        } satisfies PayoutList;
      }),
    retrieveBalance: (accountId) =>
      call(async () => {
        const b = await stripe.balance.retrieve({}, on(accountId));
        const money = (list: { amount: number; currency: string }[]) => list.map(({ amount, currency }) => ({ amount, currency }));
        return { available: money(b.available), pending: money(b.pending) } satisfies Balance;
      }),
    listBalanceTransactions: (accountId, { limit, startingAfter, payout }) =>
      call(async () => {
        const list = await stripe.balanceTransactions.list(
          {
            limit,
            ...(startingAfter ? { starting_after: startingAfter } : {}),
            // A payout's transactions: the charge behind each names the PaymentIntent an order keeps.
            ...(payout ? { payout, expand: ['data.source'] } : {}),
          },
          on(accountId),
        );
        return {
          has_more: list.has_more,
          data: list.data.map((t) => ({
            id: t.id,
            amount: t.amount,
            currency: t.currency,
            type: t.type,
            description: t.description,
            created: t.created,
            status: t.status,
            fee: t.fee,
            net: t.net,
            paymentId: paymentOf(t.source),
          })),
        } satisfies BalanceTransactionList;
      }),
  };
}

/** The payment an expanded balance transaction source moved: a charge's (or a refund's charge's) PaymentIntent. */
function paymentOf(source: unknown): string | null {
  if (!source || typeof source !== 'object') return typeof source === 'string' ? source : null;
  const s = source as { id?: string; payment_intent?: unknown; charge?: unknown };
  const intent = (v: unknown) => (typeof v === 'string' ? v : ((v as { id?: string } | null)?.id ?? null));
  if (s.payment_intent) return intent(s.payment_intent);
  if (s.charge && typeof s.charge === 'object') return intent((s.charge as { payment_intent?: unknown }).payment_intent);
  return s.id ?? null;
}
