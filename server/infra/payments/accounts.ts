import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shops, stripeAccounts } from '../db/tables';
import { messages } from '../../../domain/messages';
import { conflict, notFound } from '../http/errors';
import { translateConstraints } from '../db/constraints';

export interface ShopAccount {
  accountId: string;
  mode: 'standard' | 'custom';
}

/** The account every call for the shop uses, or null when none is connected. */
export async function activeAccount(shopId: string, db: Db): Promise<ShopAccount | null> {
  const [row] = await db
    .select({ accountId: stripeAccounts.accountId, mode: stripeAccounts.mode })
    .from(stripeAccounts)
    .where(and(eq(stripeAccounts.shopId, shopId), eq(stripeAccounts.status, 'active')));
  return row ?? null;
}

/**
 * Makes `accountId` the shop's active account; the one before it (if any) becomes `previousStatus`. One statement
 * pair in a transaction, so the partial unique index (one active per shop) holds under concurrent connects.
 */
export async function activate(
  shopId: string,
  db: Db,
  account: ShopAccount,
  now: Date,
  previousStatus: 'archived' | 'disconnected' = 'disconnected',
): Promise<void> {
  await translateConstraints(
    () =>
      db.transaction(async (tx) => {
        await tx
          .update(stripeAccounts)
          .set({ status: previousStatus, updatedAt: now })
          .where(and(eq(stripeAccounts.shopId, shopId), eq(stripeAccounts.status, 'active')));
        await tx
          .insert(stripeAccounts)
          .values({ shopId, accountId: account.accountId, mode: account.mode, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({ target: [stripeAccounts.shopId, stripeAccounts.accountId], set: { status: 'active', updatedAt: now } });
      }),
    { foreignKey: () => notFound('shop', shopId), unique: () => conflict(messages.stripeAccountTaken, 'STRIPE_ACCOUNT_TAKEN') },
  );
}

/** Ends the shop's active account (Disconnect, Archive). */
export async function retire(shopId: string, db: Db, accountId: string, status: 'archived' | 'disconnected', now: Date): Promise<void> {
  await db
    .update(stripeAccounts)
    .set({ status, updatedAt: now })
    .where(and(eq(stripeAccounts.shopId, shopId), eq(stripeAccounts.accountId, accountId)));
}

/** What the provider says the account may do now (its account.updated event). */
export async function setCapabilities(
  shopId: string,
  db: Db,
  accountId: string,
  can: { chargesEnabled: boolean; payoutsEnabled: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(stripeAccounts)
    .set({ ...can, updatedAt: now })
    .where(and(eq(stripeAccounts.shopId, shopId), eq(stripeAccounts.accountId, accountId)));
}

/** Every active connected account, in a stable order. */
export async function activeAccountIds(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ account_id: string }>(
    sql`SELECT account_id FROM stripe_accounts WHERE status = 'active' ORDER BY account_id`,
  );
  return rows.map((r) => r.account_id);
}

/** The shop an account belongs to (webhooks name accounts, not shops). */
export async function shopOfAccount(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db.select({ shopId: stripeAccounts.shopId }).from(stripeAccounts).where(eq(stripeAccounts.accountId, accountId));
  return row?.shopId ?? null;
}

/** What a new connected account is made from: the shop's country, name and its first admin's e-mail. */
export async function shopForStripe(shopId: string, db: Db): Promise<{ name: string; country: string; email: string; timezone: string }> {
  const { rows } = await db.execute<{ name: string; country: string; email: string | null; timezone: string }>(sql`
    SELECT s.name, s.country, s.timezone,
      (SELECT u.email FROM shop_sellers ss JOIN users u ON u.id = ss.user_id
        WHERE ss.shop_id = s.id AND ss.role = 'ADMIN' ORDER BY ss.created_at LIMIT 1) AS email
    FROM shops s WHERE s.id = ${shopId}`);
  if (!rows[0]) throw notFound('shop', shopId);
  return { name: rows[0].name, country: rows[0].country, email: rows[0].email ?? '', timezone: rows[0].timezone };
}

// The simulated provider's store: the account document, read and written whole.
export async function simulatedDocument(
  db: Db,
  accountId: string,
): Promise<{ shopId: string; mode: 'standard' | 'custom'; doc: Record<string, unknown> | null; timezone: string } | null> {
  // With its shop's zone, which every read settles the payouts in: one round trip per read.
  const [row] = await db
    .select({ shopId: stripeAccounts.shopId, mode: stripeAccounts.mode, doc: stripeAccounts.simulated, timezone: shops.timezone })
    .from(stripeAccounts)
    .innerJoin(shops, eq(shops.id, stripeAccounts.shopId))
    .where(eq(stripeAccounts.accountId, accountId));
  return row ?? null;
}
export async function saveSimulatedDocument(shopId: string, db: Db, accountId: string, doc: Record<string, unknown>, now: Date) {
  await db
    .update(stripeAccounts)
    .set({ simulated: doc, updatedAt: now })
    .where(and(eq(stripeAccounts.shopId, shopId), eq(stripeAccounts.accountId, accountId)));
}
