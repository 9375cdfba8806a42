import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashToken } from '../auth/tokens';
import { stripeOAuthTokens } from '../db/tables';

type Kind = (typeof stripeOAuthTokens.$inferInsert)['kind'];
const row = (shopId: string, kind: Kind, token: string) =>
  and(eq(stripeOAuthTokens.shopId, shopId), eq(stripeOAuthTokens.kind, kind), eq(stripeOAuthTokens.tokenHash, hashToken(token)));

/** What is past its expiry can no longer be used, so nobody needs to remember it was. */
async function prune(shopId: string, kind: Kind, db: Db, now: Date) {
  await db
    .delete(stripeOAuthTokens)
    .where(and(eq(stripeOAuthTokens.shopId, shopId), eq(stripeOAuthTokens.kind, kind), lt(stripeOAuthTokens.expiresAt, now)));
}

/**
 * Spends an OAuth state of the shop: true for the one caller whose insert lands, false for every other (before or
 * at the same time, in any server process). `expiresAt` is the state's own expiry: until then a replay is refused.
 */
export async function spendOAuthState(shopId: string, db: Db, state: string, expiresAt: Date, now: Date): Promise<boolean> {
  await prune(shopId, 'state', db, now);
  const spent = await db
    .insert(stripeOAuthTokens)
    .values({ shopId, kind: 'state', tokenHash: hashToken(state), expiresAt, usedAt: now })
    .onConflictDoNothing()
    .returning({ kind: stripeOAuthTokens.kind });
  return spent.length === 1;
}

/** The simulated provider's OAuth page: an authorization code it issued for the shop, unused until `expiresAt`. */
export async function issueSimulatedCode(shopId: string, db: Db, code: string, expiresAt: Date, now: Date): Promise<void> {
  await prune(shopId, 'simulated_code', db, now);
  await db.insert(stripeOAuthTokens).values({ shopId, kind: 'simulated_code', tokenHash: hashToken(code), expiresAt });
}

/**
 * Spends a simulated authorization code of the shop with one conditional update (only one caller can win it), or
 * says why it cannot be spent.
 */
export async function redeemSimulatedCode(
  shopId: string,
  db: Db,
  code: string,
  now: Date,
): Promise<'redeemed' | 'unknown' | 'used' | 'expired'> {
  const [spent] = await db
    .update(stripeOAuthTokens)
    .set({ usedAt: now })
    .where(and(row(shopId, 'simulated_code', code), isNull(stripeOAuthTokens.usedAt), gt(stripeOAuthTokens.expiresAt, now)))
    .returning({ kind: stripeOAuthTokens.kind });
  if (spent) return 'redeemed';
  const [found] = await db
    .select({ usedAt: stripeOAuthTokens.usedAt })
    .from(stripeOAuthTokens)
    .where(row(shopId, 'simulated_code', code));
  if (!found) return 'unknown';
  return found.usedAt ? 'used' : 'expired';
}
