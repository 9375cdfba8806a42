import { sql } from 'drizzle-orm';
import {
  DOWNLOADS_CHART_DAYS,
  type DailyDownloads,
  type DeviceBody,
  type DevicePage,
  type DeviceRecord,
  type DownloadStats,
  type ShopApp,
} from '../../../domain/apps';
import { messages } from '../../../domain/messages';
import type { Db } from '../../infra/db/client';
import { forbidden } from '../../infra/http/errors';
import { appNotFound } from './repo';

/** Why a registration of a known device_id was refused: it did not carry the secret that device was given. */
export const deviceSecretMismatch = () => forbidden(messages.deviceSecretMismatch, 'DEVICE_SECRET_MISMATCH');

/**
 * Registers a device, or refreshes its record: one row per app and device_id. The first registration gets a random
 * secret (only its hash is kept); a refresh must present it, otherwise nothing changes and it is refused, so knowing
 * a device_id is not enough to rewrite that device's record. One statement, so racing first registrations of one
 * device_id create it once: the others meet the stored hash and are refused. An unknown bundle id is a 404.
 * `secretHash` is the hash of the secret this call would give; `presentedHash` that of the one the device sent.
 */
export async function registerDevice(
  db: Db,
  bundleId: string,
  d: DeviceBody,
  hashes: { secretHash: string; presentedHash: string | null },
  now: Date,
): Promise<{ created: boolean; secretStored: boolean }> {
  const { secretHash, presentedHash } = hashes;
  const res = await db.execute<{ created: boolean; secret_hash: string }>(sql`
    INSERT INTO app_devices (bundle_id, device_id, uid, os, manufacturer, brand, model, carrier, device_country, timezone, version,
                             build_number, api_level, secret_hash, created_at, updated_at)
    SELECT ${bundleId}, ${d.device_id}, ${d.uid}, ${d.os}, ${d.manufacturer}, ${d.brand}, ${d.model}, ${d.carrier}, ${d.device_country},
           ${d.timezone}, ${d.version}, ${d.build_number}, ${d.api_level}, ${secretHash}, ${now}, ${now}
    WHERE EXISTS (SELECT 1 FROM whitelabel_apps WHERE bundle_id = ${bundleId})
    ON CONFLICT (bundle_id, device_id) DO UPDATE SET
      uid = EXCLUDED.uid, os = EXCLUDED.os, manufacturer = EXCLUDED.manufacturer, brand = EXCLUDED.brand, model = EXCLUDED.model,
      carrier = EXCLUDED.carrier, device_country = EXCLUDED.device_country, timezone = EXCLUDED.timezone, version = EXCLUDED.version,
      build_number = EXCLUDED.build_number, api_level = EXCLUDED.api_level, updated_at = EXCLUDED.updated_at,
      secret_hash = COALESCE(app_devices.secret_hash, EXCLUDED.secret_hash)
    WHERE app_devices.secret_hash IS NULL OR app_devices.secret_hash = ${presentedHash}
    RETURNING (xmax = 0) AS created, secret_hash`);
  if (res.rows.length === 0) {
    const app = await db.execute(sql`SELECT 1 FROM whitelabel_apps WHERE bundle_id = ${bundleId}`);
    throw app.rows.length === 0 ? appNotFound(bundleId) : deviceSecretMismatch();
  }
  const row = res.rows[0];
  return { created: Boolean(row.created), secretStored: row.secret_hash === secretHash };
}

/**
 * Whether the user may read this app's downloads: a super admin, or a member of a shop that is one of its outlets.
 * Anyone else (and an unknown bundle id) is the same 404, so bundle ids of other tenants reveal nothing.
 */
export async function requireDownloadsReader(db: Db, bundleId: string, user: { id: string; isSuperAdmin: boolean }): Promise<void> {
  const res = user.isSuperAdmin
    ? await db.execute(sql`SELECT 1 FROM whitelabel_apps WHERE bundle_id = ${bundleId}`)
    : await db.execute(sql`
        SELECT 1 FROM app_outlets o JOIN shop_sellers s ON s.shop_id = o.shop_id
        WHERE o.bundle_id = ${bundleId} AND s.user_id = ${user.id} LIMIT 1`);
  if (res.rows.length === 0) throw appNotFound(bundleId);
}

/** The apps that have this shop as an outlet (spec 2 §3 "App (downloads)"). */
export async function appsOfShop(db: Db, shopId: string): Promise<ShopApp[]> {
  const res = await db.execute<ShopApp>(sql`
    SELECT a.bundle_id, a.name AS bundle_name FROM app_outlets o JOIN whitelabel_apps a ON a.bundle_id = o.bundle_id
    WHERE o.shop_id = ${shopId} ORDER BY a.name, a.bundle_id`);
  return res.rows;
}

/** Counts per OS from the (bundle_id, os) index alone: no counters to keep in step or contend on. */
export async function downloadStats(db: Db, bundleId: string): Promise<DownloadStats> {
  const res = await db.execute<{ ios: number; android: number }>(sql`
    SELECT count(*) FILTER (WHERE os = 'ios')::int AS ios, count(*) FILTER (WHERE os = 'android')::int AS android
    FROM app_devices WHERE bundle_id = ${bundleId}`);
  const { ios, android } = res.rows[0];
  return { totalDownloads: ios + android, iosDownloads: ios, androidDownloads: android };
}

const DEVICE_COLUMNS = sql.raw(
  `device_id, uid, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at, ` +
    'os, manufacturer, brand, model, carrier, device_country, timezone, version, build_number, api_level',
);

/** One page of devices, most recently seen first; one row more than asked tells whether another page follows. */
export async function devicePage(db: Db, bundleId: string, pageNumber: number, limit: number): Promise<DevicePage> {
  const res = await db.execute<DeviceRecord>(sql`
    SELECT ${DEVICE_COLUMNS} FROM app_devices WHERE bundle_id = ${bundleId}
    ORDER BY app_devices.updated_at DESC, device_id DESC LIMIT ${limit + 1} OFFSET ${(pageNumber - 1) * limit}`);
  return { list: res.rows.slice(0, limit), hasMore: res.rows.length > limit };
}

/** Every device, most recently seen first, read in keyset batches so an export of any size holds one batch in memory. */
export async function* allDevices(db: Db, bundleId: string, batch = 1000): AsyncGenerator<DeviceRecord> {
  let after: { updatedAt: string; deviceId: string } | null = null;
  for (;;) {
    const cursor: { updatedAt: string; deviceId: string } | null = after;
    const res: { rows: (DeviceRecord & { k: string })[] } = await db.execute<DeviceRecord & { k: string }>(sql`
      SELECT ${DEVICE_COLUMNS}, app_devices.updated_at::text AS k FROM app_devices WHERE bundle_id = ${bundleId}
      ${cursor ? sql`AND (app_devices.updated_at, device_id) < (${cursor.updatedAt}::timestamptz, ${cursor.deviceId})` : sql``}
      ORDER BY app_devices.updated_at DESC, device_id DESC LIMIT ${batch}`);
    for (const { k: _k, ...row } of res.rows) yield row;
    if (res.rows.length < batch) return;
    const last = res.rows[res.rows.length - 1];
    after = { updatedAt: last.k, deviceId: last.device_id };
  }
}

/** New devices per day (UTC) for the last 90 days, iOS and Android apart; days without any read as zero. */
export async function dailyDownloads(db: Db, bundleId: string, now: Date, days = DOWNLOADS_CHART_DAYS): Promise<DailyDownloads> {
  const res = await db.execute<{ date: string; ios: number; android: number }>(sql`
    WITH span AS (SELECT generate_series((${now}::timestamptz AT TIME ZONE 'UTC')::date - ${days - 1}::int,
                                         (${now}::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day')::date AS day)
    SELECT to_char(span.day, 'YYYY-MM-DD') AS date,
           count(d.device_id) FILTER (WHERE d.os = 'ios')::int AS ios,
           count(d.device_id) FILTER (WHERE d.os = 'android')::int AS android
    FROM span LEFT JOIN app_devices d
      ON d.bundle_id = ${bundleId} AND d.created_at >= span.day::timestamp AT TIME ZONE 'UTC'
         AND d.created_at < (span.day + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY span.day ORDER BY span.day`);
  return { days: res.rows };
}
