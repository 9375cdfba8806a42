import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { App, AppBasic, AppCreate, DeploymentStatus, Store } from '../../../domain/apps';
import { messages } from '../../../domain/messages';
import type { Db } from '../../infra/db/client';
import { shops } from '../../infra/db/tables';
import { appBuilds, appOutlets, whitelabelApps } from './tables';
import { badRequest, conflict, notFound } from '../../infra/http/errors';
import { translateConstraints } from '../../infra/db/constraints';

type AppRow = typeof whitelabelApps.$inferSelect;

export const appNotFound = (bundleId: string) => notFound('app', bundleId.slice(0, 160));

/** The newest build of each store, per app: what the list's status columns show. */
async function deploymentStatuses(db: Db, bundleIds: string[]): Promise<Map<string, Record<Store, DeploymentStatus>>> {
  const out = new Map<string, Record<Store, DeploymentStatus>>();
  if (bundleIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([appBuilds.bundleId, appBuilds.store], {
      bundleId: appBuilds.bundleId,
      store: appBuilds.store,
      status: appBuilds.status,
      updatedAt: appBuilds.updatedAt,
      id: appBuilds.id,
    })
    .from(appBuilds)
    .where(inArray(appBuilds.bundleId, bundleIds))
    .orderBy(appBuilds.bundleId, appBuilds.store, desc(appBuilds.requestedAt), desc(appBuilds.id));
  for (const r of rows) {
    const entry = out.get(r.bundleId) ?? { APPSTORE: null, PLAYSTORE: null };
    entry[r.store] = { status: r.status, updatedTime: r.updatedAt.toISOString(), buildId: r.id };
    out.set(r.bundleId, entry);
  }
  return out;
}

async function outletsOf(db: Db, bundleIds: string[]) {
  if (bundleIds.length === 0) return new Map<string, { name: string; shopId: string }[]>();
  const rows = await db
    .select({ bundleId: appOutlets.bundleId, name: appOutlets.name, shopId: appOutlets.shopId })
    .from(appOutlets)
    .where(inArray(appOutlets.bundleId, bundleIds))
    .orderBy(appOutlets.bundleId, asc(appOutlets.position));
  const out = new Map<string, { name: string; shopId: string }[]>();
  for (const r of rows) out.set(r.bundleId, [...(out.get(r.bundleId) ?? []), { name: r.name, shopId: r.shopId }]);
  return out;
}

async function present(db: Db, rows: AppRow[]): Promise<App[]> {
  const ids = rows.map((r) => r.bundleId);
  const [outlets, statuses] = await Promise.all([outletsOf(db, ids), deploymentStatuses(db, ids)]);
  return rows.map((r) => ({
    id: r.bundleId,
    bundleId: r.bundleId,
    name: r.name,
    logo: r.logo,
    outlets: outlets.get(r.bundleId) ?? [],
    rememberShop: r.rememberShop,
    multiBrand: r.multiBrand,
    enableSearch: r.enableSearch,
    shopSelectPageTitle: r.shopSelectPageTitle,
    shopSelectPageSubtitle: r.shopSelectPageSubtitle,
    appstore: statuses.get(r.bundleId)?.APPSTORE ?? null,
    playstore: statuses.get(r.bundleId)?.PLAYSTORE ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Every app, by name. Super admins only; a platform has a handful of apps, so the list is not paged. */
export async function listApps(db: Db): Promise<App[]> {
  return present(db, await db.select().from(whitelabelApps).orderBy(asc(whitelabelApps.name), asc(whitelabelApps.bundleId)));
}

export async function loadApp(db: Db, bundleId: string): Promise<App> {
  const [row] = await db.select().from(whitelabelApps).where(eq(whitelabelApps.bundleId, bundleId));
  if (!row) throw appNotFound(bundleId);
  return (await present(db, [row]))[0];
}

/** Outlets must name shops that exist; an unknown id is the field's error, not a 500 from the foreign key. */
async function requireShops(db: Db, outlets: AppBasic['outlets']) {
  const ids = outlets.map((o) => o.shopId);
  const found = new Set((await db.select({ id: shops.id }).from(shops).where(inArray(shops.id, ids))).map((r) => r.id));
  const errors: Record<string, string> = {};
  outlets.forEach((o, i) => {
    if (!found.has(o.shopId)) errors[`outlets.${i}.shopId`] = `Cannot find shop with id ${o.shopId}`;
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors, 'VALIDATION');
}

const basicColumns = (body: AppBasic) => ({
  name: body.name,
  logo: { path: body.logo.path },
  rememberShop: body.rememberShop,
  multiBrand: body.multiBrand,
  enableSearch: body.enableSearch,
  shopSelectPageTitle: body.shopSelectPageTitle,
  shopSelectPageSubtitle: body.shopSelectPageSubtitle,
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
async function replaceOutlets(tx: Tx, bundleId: string, outlets: AppBasic['outlets']) {
  await tx.delete(appOutlets).where(eq(appOutlets.bundleId, bundleId));
  await tx.insert(appOutlets).values(outlets.map((o, position) => ({ bundleId, shopId: o.shopId, name: o.name, position })));
}

export async function createApp(db: Db, body: AppCreate, now: Date): Promise<App> {
  await requireShops(db, body.outlets);
  await translateConstraints(
    () =>
      db.transaction(async (tx) => {
        await tx.insert(whitelabelApps).values({ bundleId: body.bundleId, ...basicColumns(body), createdAt: now, updatedAt: now });
        await replaceOutlets(tx, body.bundleId, body.outlets);
      }),
    { unique: () => conflict(messages.bundleIdExists, 'BUNDLE_ID_EXISTS') },
  );
  return loadApp(db, body.bundleId);
}

export async function updateApp(db: Db, bundleId: string, body: AppBasic, now: Date): Promise<App> {
  await requireShops(db, body.outlets);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(whitelabelApps)
      .set({ ...basicColumns(body), updatedAt: now })
      .where(eq(whitelabelApps.bundleId, bundleId))
      .returning({ id: whitelabelApps.bundleId });
    if (updated.length === 0) throw appNotFound(bundleId);
    await replaceOutlets(tx, bundleId, body.outlets);
  });
  return loadApp(db, bundleId);
}

/** The app's current logo path, so saving it unchanged needs no new upload. */
export async function currentLogo(db: Db, bundleId: string): Promise<string | null> {
  const [row] = await db.select({ logo: whitelabelApps.logo }).from(whitelabelApps).where(eq(whitelabelApps.bundleId, bundleId));
  return row?.logo.path ?? null;
}

export async function appExists(db: Db, bundleId: string): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM whitelabel_apps WHERE bundle_id = ${bundleId}`);
  return res.rows.length > 0;
}
