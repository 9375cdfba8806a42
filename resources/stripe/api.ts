import type {
  ActiveAccount,
  Balance,
  BalanceTransactionList,
  ExternalAccount,
  PayoutList,
  PayoutSchedule,
  StripeAccount,
} from '../../domain/stripe';
import { call, seg, shop, type Message } from '../../providers/call';

const stripe = (shopId: string) => `/stripe${shop(shopId)}`;
const page = (startingAfter?: string) => new URLSearchParams({ limit: '20', ...(startingAfter ? { starting_after: startingAfter } : {}) });

/** The shop's connected account, /api/stripe/shops/{shopId}/…, and the publishable key the console tokenizes with. */
export const api = {
  getStripeKey: () => call<{ publishableKey: string }>('/platform/stripe-key'),
  stripeActiveAccount: (shopId: string) => call<ActiveAccount>(`${stripe(shopId)}/active_account`),
  stripeAuthorizeUrl: (shopId: string) => call<{ url: string }>(`${stripe(shopId)}/authorize/url`, { method: 'POST' }),
  stripeAuthorizeReturn: (shopId: string, body: { code: string; state: string }) =>
    call<ActiveAccount>(`${stripe(shopId)}/authorize/return`, { method: 'POST', body }),
  stripeAccount: (shopId: string) => call<StripeAccount>(`${stripe(shopId)}/account`),
  stripeDisconnect: (shopId: string) => call<Message>(`${stripe(shopId)}/account`, { method: 'DELETE' }),
  stripeLink: (shopId: string, kind: 'verification' | 'update') =>
    call<{ url: string }>(`${stripe(shopId)}/links/${kind}`, { method: 'POST' }),
  stripeArchive: (shopId: string) => call<Message & { accountId: string }>(`${stripe(shopId)}/archive`, { method: 'POST' }),
  stripeExternalAccount: (shopId: string, token: string) =>
    call<Message & { external_account: ExternalAccount }>(`${stripe(shopId)}/external_account/${seg(token)}`, { method: 'POST' }),
  stripePayoutSchedule: (shopId: string, schedule: PayoutSchedule) =>
    call<Message>(`${stripe(shopId)}/payout_schedule`, { method: 'POST', body: schedule }),
  stripePayouts: (shopId: string, startingAfter?: string) => call<PayoutList>(`${stripe(shopId)}/payouts?${page(startingAfter)}`),
  stripeBalance: (shopId: string) => call<Balance>(`${stripe(shopId)}/balance`),
  stripeBalanceTransactions: (shopId: string, startingAfter?: string) =>
    call<BalanceTransactionList>(`${stripe(shopId)}/balance_transactions?${page(startingAfter)}`),
};

export type StripeApi = typeof api;
