import type { Balance, BalanceTransactionList, ExternalAccount, PayoutList } from '../../../domain/stripe';

/** A Stripe account object as Stripe answers it (the fields the console reads are in domain/stripe.ts). */
export type RawAccount = Record<string, unknown> & { id: string };

type AccountLinkType = 'account_onboarding' | 'account_update';

/**
 * Stripe Connect for one platform: what the account routes need. Two implementations: the Stripe SDK
 * (stripeConnect.ts) and the simulated provider (simulatedConnect.ts) that serves when no secret key is set, so
 * the whole flow works offline. Every call about a connected account sends its id as the Stripe-Account header;
 * every POST carries the caller's Idempotency-Key.
 */
export interface ConnectProvider {
  readonly kind: 'stripe' | 'simulated';
  /** Where the browser goes to connect the shop's own (Standard) account; Stripe comes back with `code` and `state`. */
  authorizeUrl(p: { state: string; redirectUri: string; email: string; country: string; businessName: string }): string;
  /** The OAuth code → the connected account's id. `shopId`: the shop it was issued for (the simulated provider checks it). */
  exchangeCode(code: string, shopId: string): Promise<string>;
  /** A platform-created (custom) account for the shop. */
  createAccount(p: { country: string; email: string; businessName: string; idempotencyKey: string }): Promise<string>;
  /** A one-time onboarding/update link for a platform-created account. */
  accountLink(
    accountId: string,
    p: { type: AccountLinkType; refreshUrl: string; returnUrl: string; idempotencyKey: string },
  ): Promise<string>;
  retrieveAccount(accountId: string): Promise<RawAccount>;
  /** Ends the platform's access to a Standard account. */
  deauthorize(accountId: string): Promise<void>;
  setExternalAccount(accountId: string, token: string, idempotencyKey: string): Promise<ExternalAccount>;
  updatePayoutSchedule(accountId: string, schedule: Record<string, string | number>, idempotencyKey: string): Promise<RawAccount>;
  listPayouts(accountId: string, p: { limit: number; startingAfter?: string }): Promise<PayoutList>;
  retrieveBalance(accountId: string): Promise<Balance>;
  /**
   * The account's balance transactions (charges, refunds, payouts…), newest first, after the cursor; with `payout`,
   * those that payout paid out, each with its fee, net and the payment it moved.
   */
  listBalanceTransactions(
    accountId: string,
    p: { limit: number; startingAfter?: string; payout?: string },
  ): Promise<BalanceTransactionList>;
}
