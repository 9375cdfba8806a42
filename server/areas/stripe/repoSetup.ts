import type { Db } from '../../infra/db/client';
import { and, eq, sql } from 'drizzle-orm';
import { stripeAccounts } from '../../infra/db/tables';

/**
 * The set-up checklist's payments step: the shop has an active card-payment account that can take charges. The shop's
 * own (Standard) account, connected with OAuth, was set up at Stripe before it was connected; one the platform created
 * (Custom) counts once onboarded: as Stripe last said, or, with the simulated provider, as its account document says.
 */
export const stripeSetup: Record<'payments', (db: Db, shopId: string) => Promise<boolean>> = {
  payments: async (db, shopId) => {
    const [row] = await db
      .select({
        can: sql<boolean>`${stripeAccounts.mode} = 'standard' OR ${stripeAccounts.chargesEnabled}
          OR coalesce((${stripeAccounts.simulated}->>'charges_enabled')::boolean, false)`,
      })
      .from(stripeAccounts)
      .where(and(eq(stripeAccounts.shopId, shopId), eq(stripeAccounts.status, 'active')));
    return row?.can === true;
  },
};
