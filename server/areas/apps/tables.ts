import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';

/** White-label apps (platform documents, keyed by their store bundle id). */
export const whitelabelApps = pgTable('whitelabel_apps', {
  bundleId: text().primaryKey(),
  name: text().notNull(),
  logo: jsonb().$type<{ path: string }>().notNull(),
  rememberShop: boolean().notNull().default(true),
  multiBrand: boolean().notNull().default(false),
  enableSearch: boolean().notNull().default(false),
  shopSelectPageTitle: text(),
  shopSelectPageSubtitle: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The shops an app shows; shop_id leads an index because a shop's members read "their" apps by it. */
export const appOutlets = pgTable(
  'app_outlets',
  {
    bundleId: text()
      .notNull()
      .references(() => whitelabelApps.bundleId, { onDelete: 'cascade' }),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.shopId] }), index().on(t.shopId, t.bundleId)],
);

/**
 * One row per app and store. `settings` holds the plain fields; `secrets` the AES-256-GCM sealed JSON of the
 * passwords and keys; `files` the stored (also sealed) credential files' keys and names.
 */
export const appStoreSettings = pgTable(
  'app_store_settings',
  {
    bundleId: text()
      .notNull()
      .references(() => whitelabelApps.bundleId, { onDelete: 'cascade' }),
    store: text({ enum: ['APPSTORE', 'PLAYSTORE'] }).notNull(),
    settings: jsonb().$type<Record<string, string | null>>().notNull().default({}),
    secrets: text(),
    files: jsonb().$type<Record<string, { key: string; name: string; size: number; uploadedAt: string }>>().notNull().default({}),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.store] })],
);

/** Tokens a CI system's build runner authenticates with; only the SHA-256 of each is kept. */
export const buildRunnerTokens = pgTable('build_runner_tokens', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  tokenHash: text().notNull().unique(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp({ withTimezone: true }),
  revokedAt: timestamp({ withTimezone: true }),
});

export const appBuilds = pgTable(
  'app_builds',
  {
    id: uuid().primaryKey().defaultRandom(),
    bundleId: text()
      .notNull()
      .references(() => whitelabelApps.bundleId, { onDelete: 'cascade' }),
    store: text({ enum: ['APPSTORE', 'PLAYSTORE'] }).notNull(),
    status: text({ enum: ['REQUESTED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILURE'] }).notNull(),
    message: text(),
    artifactUrl: text(),
    runnerTokenId: uuid().references(() => buildRunnerTokens.id, { onDelete: 'set null' }),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.bundleId, t.store, t.requestedAt),
    // The runners' queue: only waiting builds, oldest first.
    index('app_builds_requested')
      .on(t.requestedAt, t.id)
      .where(sql`${t.status} = 'REQUESTED'`),
  ],
);

/** Every status a build went through, with its time: the history on the app's edit page. */
export const appBuildEvents = pgTable(
  'app_build_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    buildId: uuid()
      .notNull()
      .references(() => appBuilds.id, { onDelete: 'cascade' }),
    status: text({ enum: ['REQUESTED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILURE'] }).notNull(),
    message: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.buildId, t.at)],
);

/** Devices that installed an app (spec 2 §3), one row per app and device_id. */
export const appDevices = pgTable(
  'app_devices',
  {
    bundleId: text()
      .notNull()
      .references(() => whitelabelApps.bundleId, { onDelete: 'cascade' }),
    deviceId: text().notNull(),
    uid: text(),
    os: text({ enum: ['ios', 'android'] }).notNull(),
    manufacturer: text(),
    brand: text(),
    model: text(),
    carrier: text(),
    deviceCountry: text(),
    timezone: text(),
    version: text(),
    buildNumber: text(),
    apiLevel: text(),
    // SHA-256 of the secret handed to the device at its first registration; later registrations must present it.
    // Null only for devices recorded before secrets existed: the first registration that reaches one binds it.
    secretHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.deviceId] }),
    // Counts per OS come from this index alone (index-only scan), so stats stay fast without counters to contend on.
    index().on(t.bundleId, t.os),
    index().on(t.bundleId, t.updatedAt, t.deviceId),
    index().on(t.bundleId, t.createdAt),
  ],
);
