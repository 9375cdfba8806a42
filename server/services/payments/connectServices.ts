import type Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../clock';
import type { ConnectProvider } from './connect';
import { LinkTokens } from './linkTokens';
import { simulatedConnect } from './simulatedConnect';
import { stripeClient } from './stripeClient';
import { stripeConnect } from './stripeConnect';

/** Stripe Connect: the Stripe SDK when STRIPE_SECRET_KEY is set, else the simulated provider (works offline). */
export interface StripeServices {
  connect: ConnectProvider;
  /** null with the simulated provider. */
  stripe: Stripe | null;
  links: LinkTokens;
}

export function createStripeServices(config: Config, db: Db, clock: Clock, secret: string): StripeServices {
  const links = new LinkTokens(secret);
  const stripe = stripeClient(config.stripe);
  return {
    stripe,
    links,
    connect: stripe ? stripeConnect(stripe, config.stripe.clientId) : simulatedConnect({ db, clock, links, publicUrl: () => config.publicUrl }),
  };
}
