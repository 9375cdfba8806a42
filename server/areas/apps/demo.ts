import { asc, eq } from 'drizzle-orm';
import type { BuildStatus, Store } from '../../../domain/apps';
import type { Services } from '../../infra/context';
import { shops } from '../../infra/db/tables';
import { appBuildEvents, appBuilds, appDevices, appOutlets, whitelabelApps } from './tables';

const BUNDLE_ID = 'com.servery.demo';
const DAY = 86_400_000;
const MODELS = [
  ['ios', 'Apple', 'Apple', 'iPhone 15'],
  ['ios', 'Apple', 'Apple', 'iPhone 13 mini'],
  ['android', 'Google', 'google', 'Pixel 8'],
  ['android', 'samsung', 'samsung', 'Galaxy S23'],
  ['ios', 'Apple', 'Apple', 'iPhone SE'],
] as const;
const CARRIERS = ['Telstra', 'Optus', 'Vodafone', 'T-Mobile', null];

/** A fixed sequence, so every demo load draws the same devices. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

/**
 * One white-label app with the demo shops as outlets, a build history (an App Store build that succeeded, a Play
 * Store build that failed and one waiting for a runner) and a few hundred devices over the last 90 days.
 */
export async function loadAppsDemo(services: Services): Promise<string[]> {
  const { db, clock } = services;
  const [existing] = await db.select({ id: whitelabelApps.bundleId }).from(whitelabelApps).where(eq(whitelabelApps.bundleId, BUNDLE_ID));
  if (existing) return [];
  const outlets = await db
    .select({ id: shops.id, name: shops.name, logo: shops.logo })
    .from(shops)
    .where(eq(shops.demo, true))
    .orderBy(asc(shops.createdAt));
  const logo = outlets.find((s) => s.logo)?.logo;
  if (!logo) return [];
  const now = clock.now().getTime();
  await db.transaction(async (tx) => {
    await tx.insert(whitelabelApps).values({
      bundleId: BUNDLE_ID,
      name: 'Servery Demo',
      logo,
      rememberShop: true,
      multiBrand: true,
      enableSearch: true,
      shopSelectPageTitle: 'Pick your cafe',
      shopSelectPageSubtitle: 'Order ahead from any of our shops',
      createdAt: new Date(now - 120 * DAY),
      updatedAt: new Date(now - DAY),
    });
    await tx
      .insert(appOutlets)
      .values(outlets.map((s, position) => ({ bundleId: BUNDLE_ID, shopId: s.id, name: s.name.slice(0, 24), position })));
    const history: [Store, BuildStatus[], number, string | null][] = [
      ['APPSTORE', ['REQUESTED', 'QUEUED', 'RUNNING', 'SUCCESS'], 10, 'Uploaded to TestFlight'],
      ['PLAYSTORE', ['REQUESTED', 'QUEUED', 'RUNNING', 'FAILURE'], 5, 'Signing key missing'],
      ['PLAYSTORE', ['REQUESTED'], 0, null],
    ];
    for (const [store, statuses, daysAgo, message] of history) {
      const start = now - daysAgo * DAY;
      const at = (i: number) => new Date(start + i * 4 * 60_000);
      const last = statuses[statuses.length - 1];
      const [build] = await tx
        .insert(appBuilds)
        .values({ bundleId: BUNDLE_ID, store, status: last, message, requestedAt: at(0), updatedAt: at(statuses.length - 1) })
        .returning({ id: appBuilds.id });
      await tx
        .insert(appBuildEvents)
        .values(
          statuses.map((status, i) => ({ buildId: build.id, status, at: at(i), message: i === statuses.length - 1 ? message : null })),
        );
    }
    const random = sequence(12);
    const rows = Array.from({ length: 360 }, (_, i) => {
      const [os, manufacturer, brand, model] = MODELS[Math.floor(random() * MODELS.length)];
      // More installs lately: the square pushes most days towards today.
      const created = now - Math.floor((1 - Math.sqrt(random())) * 89 * DAY) - Math.floor(random() * DAY);
      const seen = Math.min(now, created + Math.floor(random() * 20 * DAY));
      return {
        bundleId: BUNDLE_ID,
        deviceId: `demo-${os}-${String(i).padStart(4, '0')}`,
        os,
        manufacturer,
        brand,
        model,
        carrier: CARRIERS[Math.floor(random() * CARRIERS.length)],
        deviceCountry: 'AU',
        timezone: 'Australia/Sydney',
        version: os === 'ios' ? '2.3.0' : '2.3.1',
        buildNumber: '230',
        apiLevel: os === 'ios' ? '17.4' : '34',
        createdAt: new Date(created),
        updatedAt: new Date(seen),
      };
    });
    await tx.insert(appDevices).values(rows);
  });
  return [`Demo white-label app ${BUNDLE_ID} with ${outlets.length} outlets, 3 builds and 360 devices`];
}
