import Stripe from 'stripe';
import type { Config } from '../../config';

/**
 * The Stripe API version every request names (spec 1 §9: "Payment API version 2020-03-02"). Pinned so an SDK
 * upgrade cannot change the shape of the answers we store and pass through (account.requirements,
 * settings.payouts.schedule, payouts' fields), and so webhook bodies, which Stripe renders in the account's pinned
 * version, and API answers agree. See the README's design notes.
 */
const STRIPE_API_VERSION = '2020-03-02';

/** The SDK pointed at Stripe, or at STRIPE_API_BASE (the tests' fake Stripe server, stripe-mock). */
export function stripeClient(config: Config['stripe'], opts: { timeoutMs?: number; retries?: number } = {}): Stripe | null {
  if (!config.secretKey) return null;
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    // The SDK retries network failures and 409/5xx answers with the same Idempotency-Key, so a retried POST
    // never charges, refunds or creates twice.
    maxNetworkRetries: opts.retries ?? 2,
    timeout: opts.timeoutMs ?? 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}
