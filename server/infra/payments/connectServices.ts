import type Stripe from 'stripe';
import type { Config } from '../../config';
import type { Database } from '../db/client';
import type { Clock } from '../clock';
import type { ConnectProvider } from './connect';
import { LinkTokens } from './linkTokens';
import { pgSimulatedLedger, type SimulatedLedger } from './simulatedLedger';
import { simulatedConnect } from './simulatedConnect';
import { stripeClient } from './stripeClient';
import { stripeConnect } from './stripeConnect';

/** Stripe Connect: the Stripe SDK when STRIPE_SECRET_KEY is set, else the simulated provider (works offline). */
export interface StripeServices {
  connect: ConnectProvider;
  /** null with the simulated provider. */
  stripe: Stripe | null;
  links: LinkTokens;
  /** The simulated provider's books (what it charged and refunded); null with the Stripe SDK. */
  ledger: SimulatedLedger | null;
}

export function createStripeServices(config: Config, { db, pool }: Database, clock: Clock, secret: string): StripeServices {
  const links = new LinkTokens(secret);
  const stripe = stripeClient(config.stripe);
  if (stripe) return { stripe, links, ledger: null, connect: stripeConnect(stripe, config.stripe.clientId) };
  const ledger = pgSimulatedLedger(pool);
  return { stripe, links, ledger, connect: simulatedConnect({ db, clock, links, ledger, publicUrl: () => config.publicUrl }) };
}
