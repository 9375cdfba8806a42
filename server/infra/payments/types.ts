import type { Db } from '../db/client';

/**
 * The payment-provider contract. Amounts are integer minor units (cents) everywhere; every call that moves money
 * carries an idempotency key, so a retry (another click, another tab, another server process) never moves it twice:
 * the provider answers the first result for a key it has already seen.
 */

export interface ChargeRequest {
  /** Same key → same charge, whatever else the retry sends. */
  idempotencyKey: string;
  /** Minor units (cents), > 0. */
  amount: number;
  /** ISO 4217, lower or upper case. */
  currency: string;
  /** What the customer's app got from the provider's client library (a card token or payment method id). */
  paymentToken: string;
  /** The shop the money is for (a Connect implementation resolves its connected account from it). */
  shopId: string;
  /** The platform's fee in minor units, taken from the charge (Connect application fee). */
  applicationFee?: number;
  /** false: authorise only (a later capture or refund settles it). Default true. */
  capture?: boolean;
  description?: string;
  metadata?: Record<string, string>;
  /**
   * The caller's transaction when it holds one: the provider's own reads (a Connect account look-up) go through it,
   * since taking a second connection from the pool while every caller holds one could wait forever under load.
   */
  db?: Db;
}

export type ChargeResult =
  | { status: 'succeeded'; paymentId: string; amount: number; captured: boolean }
  /** The card was refused (insufficient funds, wrong details...): the customer can try another card. */
  | { status: 'declined'; code: string; message: string }
  /** The provider could not be reached or failed: nothing is known to have been charged. */
  | { status: 'error'; message: string };

export interface RefundRequest {
  idempotencyKey: string;
  /** The paymentId a successful charge returned. */
  paymentId: string;
  /** Minor units; the whole charge when omitted. */
  amount?: number;
  shopId: string;
  reason?: string;
  /**
   * The caller's transaction when it holds one: the provider's own reads (a Connect account look-up) go through it,
   * since taking a second connection from the pool while every caller holds one could wait forever under load.
   */
  db?: Db;
}

export type RefundResult =
  { status: 'succeeded'; refundId: string; amount: number | null } | { status: 'failed'; code: string; message: string };

/** A period of the provider's records: created at or after `gte`, before `lt`. */
export interface TimeWindow {
  gte: Date;
  lt: Date;
}

/** A payment as the provider keeps it (Stripe: a PaymentIntent). */
export interface ProviderPayment {
  /** What ChargeResult.paymentId answered (the order's paymentId). */
  id: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Stripe's PaymentIntent statuses: 'succeeded' once the money is taken; requires_capture, canceled, … otherwise. */
  status: string;
  /** Unix seconds. */
  created: number;
  metadata: Record<string, string>;
}

/** A refund as the provider keeps it. */
export interface ProviderRefund {
  id: string;
  /** The payment it refunds. */
  paymentId: string | null;
  /** Minor units, positive. */
  amount: number;
  currency: string;
  /** 'succeeded', 'pending' (on its way), 'failed' or 'canceled'. */
  status: string;
  created: number;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  /** 'simulated', 'stripe', ...: stored beside each payment so a refund goes back to the provider that charged. */
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Every payment made on a connected account in the window, all pages (the reconciliation compares them with orders). */
  listPayments(accountId: string, window: TimeWindow): Promise<ProviderPayment[]>;
  /** Every refund made on a connected account in the window, all pages. */
  listRefunds(accountId: string, window: TimeWindow): Promise<ProviderRefund[]>;
}
