import { and, eq, sql } from 'drizzle-orm';
import { describeUserAgent, networkOf } from '../../../domain/twoFactor';
import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { shops, shopSellers, users } from '../../infra/db/tables';
import { asActor, type Actor } from '../../infra/requestContext';
import { insertEntry } from './repoRecord';
import { auditEntries } from './tables';

const SHOP = 'Cappuccino Corner';
const HOUR = 60 * 60 * 1000;
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * The items the demo's members changed, as they were before (cents, words): each is set back to this with nobody
 * acting (no entry), then to what the catalog's demo made it as the member, so the triggers write a real entry and
 * the item ends as it was.
 */
const CHANGES = [
  { role: 'ADMIN', hoursAgo: 50, ip: '203.0.113.24', userAgent: LAPTOP, item: 'Flat White', before: { priceCents: 420 } },
  {
    role: 'USER',
    hoursAgo: 26,
    ip: '198.51.100.7',
    userAgent: PHONE,
    item: 'Chai Latte',
    before: { description: 'Spiced black tea brewed with milk' },
  },
] as const;

type ItemChange = { priceCents?: number; description?: string };

async function changeItem(db: Db, shopId: string, name: string, set: ItemChange): Promise<void> {
  await db.execute(
    sql`update items set
          price_cents = coalesce(${set.priceCents ?? null}::int, price_cents),
          description = coalesce(${set.description ?? null}::text, description)
        where shop_id = ${shopId} and name = ${name}`,
  );
}

async function currentOf(db: Db, shopId: string, name: string): Promise<ItemChange | undefined> {
  const { rows } = await db.execute<{ price_cents: number; description: string }>(
    sql`select price_cents, description from items where shop_id = ${shopId} and name = ${name} limit 1`,
  );
  const row = rows[0];
  return row && { priceCents: row.price_cents, description: row.description };
}

/**
 * The demo cafe's audit log starts with a few changes by its owner and staff over the last days (a price, an item's
 * words, the owner's sign-in from a new device), so the Audit log page has something to show and filter. Skipped once
 * the cafe has any entry.
 */
export async function loadAuditDemo(services: Services): Promise<string[]> {
  const { db, clock } = services;
  const [cafe] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.name, SHOP), eq(shops.demo, true)));
  if (!cafe) return [];
  const [logged] = await db.select({ id: auditEntries.id }).from(auditEntries).where(eq(auditEntries.shopId, cafe.id)).limit(1);
  if (logged) return [];
  const members = await db
    .select({ id: users.id, name: users.name, role: shopSellers.role })
    .from(shopSellers)
    .innerJoin(users, eq(users.id, shopSellers.userId))
    .where(eq(shopSellers.shopId, cafe.id));
  const now = clock.now().getTime();
  const actorOf = (member: { id: string; name: string }, c: { hoursAgo: number; ip: string; userAgent: string }): Actor => ({
    userId: member.id,
    name: member.name,
    apiKeyId: null,
    apiKeyName: null,
    ip: c.ip,
    userAgent: c.userAgent,
    at: new Date(now - c.hoursAgo * HOUR).toISOString(),
  });

  const owner = members.find((m) => m.role === 'ADMIN');
  if (owner) {
    const signIn = { hoursAgo: 50.1, ip: '203.0.113.24', userAgent: LAPTOP };
    const { browser, os } = describeUserAgent(LAPTOP);
    await insertEntry(
      db,
      {
        shopId: null,
        kind: 'sign_in',
        action: 'insert',
        recordId: owner.id,
        before: null,
        after: { device: `${browser} on ${os}`, network: networkOf(signIn.ip) },
      },
      actorOf(owner, signIn),
    );
  }
  for (const change of CHANGES) {
    const member = members.find((m) => m.role === change.role);
    const after = await currentOf(db, cafe.id, change.item);
    if (!member || !after) continue;
    await changeItem(db, cafe.id, change.item, change.before);
    await asActor(actorOf(member, change), () => changeItem(db, cafe.id, change.item, after));
  }
  return [];
}
