import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import { shops } from '../../infra/db/tables';
import { activate, activeAccount } from '../../infra/payments/accounts';

/** Demo shops that start with a connected (simulated) Stripe account; the others show the Connect screen. */
const CONNECTED = ['Cappuccino Corner', 'Brooklyn Bagel Co'];

/**
 * Connects a simulated Stripe account to the published demo shops, so the Stripe and Payouts screens have something
 * to show. Only with the simulated provider: with a real key, connecting is the owner's own step. Idempotent.
 */
export async function loadStripeDemo(services: Services): Promise<string[]> {
  if (services.stripe.connect.kind !== 'simulated')
    return ['Demo Stripe accounts skipped: STRIPE_SECRET_KEY is set, connect shops from the console.'];
  const lines: string[] = [];
  for (const name of CONNECTED) {
    const [shop] = await services.db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.name, name), eq(shops.demo, true)));
    if (!shop || (await activeAccount(shop.id, services.db))) continue;
    const accountId = `acct_sim${crypto.randomBytes(8).toString('hex')}`;
    await activate(shop.id, services.db, { accountId, mode: 'standard' }, services.clock.now());
    // The account document (balance, payouts) is made on first read, from the shop.
    await services.stripe.connect.retrieveAccount(accountId);
    lines.push(`Demo Stripe account (simulated) for ${name}: ${accountId}`);
  }
  return lines;
}
