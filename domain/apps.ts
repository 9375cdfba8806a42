import { z } from 'zod';
import { messages } from './messages';
import { imageRef } from './shop';
import { maxLenMsg, requiredMsg, text } from './validation';

/** White-label apps (spec 1 §3, §5) and their downloads (spec 2 §3). */

export const APP_NAME = { min: 3, max: 24 };
export const OUTLET_NAME = { min: 3, max: 24 };
export const SHOP_SELECT_TITLE = { min: 3, max: 24 };
export const SHOP_SELECT_SUBTITLE_MAX = 100;
const BUNDLE_ID_MAX = 150;
export const STORE_FIELD_MAX = 200;
/** APNs keys are PEM text of a few hundred characters; leave room for a certificate chain. */
const APNS_KEY_MAX = 10_000;
export const DOWNLOADS_PAGE_SIZE = 100;
export const DOWNLOADS_CHART_DAYS = 90;

const STORES = ['APPSTORE', 'PLAYSTORE'] as const;
export type Store = (typeof STORES)[number];
const BUILD_STATUSES = ['REQUESTED', 'QUEUED', 'RUNNING', 'SUCCESS', 'FAILURE'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];
/** What a build runner may report: it claims a build (QUEUED) and then moves it on. */
const RUNNER_STATUSES = ['RUNNING', 'SUCCESS', 'FAILURE'] as const;

/** Lower-case letters and digits, each part starting with a letter (what both stores accept), at least two parts. */
export const BUNDLE_ID = /^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)+$/;

const bundleIdField = z
  .string({ error: messages.enterBundleId })
  .trim()
  .min(1, { error: messages.enterBundleId })
  .max(BUNDLE_ID_MAX, { error: maxLenMsg(BUNDLE_ID_MAX) })
  .regex(BUNDLE_ID, { error: messages.bundleIdFormat });

const optionalText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: maxLenMsg(max) })
    .refine((s) => s === '' || s.length >= min, { error: `should be at least ${min} characters` })
    .nullish()
    .transform((s) => s || null);

const outletSchema = z.object({
  name: text('Name', OUTLET_NAME),
  shopId: z.string({ error: requiredMsg('Shop') }).uuid({ error: requiredMsg('Shop') }),
});
export type Outlet = z.infer<typeof outletSchema>;

/** Tab Basic: everything but the bundle id, which is chosen once. */
export const appBasicBody = z.object({
  name: text('Name', APP_NAME),
  logo: imageRef,
  outlets: z
    .array(outletSchema, { error: messages.outletRequired })
    .min(1, { error: messages.outletRequired })
    .max(500)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((o, i) => {
        if (seen.has(o.shopId)) ctx.addIssue({ code: 'custom', path: [i, 'shopId'], message: messages.outletTwice });
        seen.add(o.shopId);
      });
    }),
  rememberShop: z.boolean().default(true),
  multiBrand: z.boolean().default(false),
  enableSearch: z.boolean().default(false),
  shopSelectPageTitle: optionalText(SHOP_SELECT_TITLE.min, SHOP_SELECT_TITLE.max),
  shopSelectPageSubtitle: optionalText(0, SHOP_SELECT_SUBTITLE_MAX),
});
export type AppBasic = z.infer<typeof appBasicBody>;

export const appCreateBody = appBasicBody.extend({ bundleId: bundleIdField });
export type AppCreate = z.infer<typeof appCreateBody>;

/** Spec 1 §9: app defaults on creation. */
export const APP_DEFAULTS = { rememberShop: true, multiBrand: false, enableSearch: false, outlets: [] as Outlet[] };

/** A store's build state as the list shows it (spec 1 §3 "Deployment status record"). */
const deploymentStatus = z.object({ status: z.enum(BUILD_STATUSES), updatedTime: z.string(), buildId: z.string() }).nullable();
export type DeploymentStatus = z.infer<typeof deploymentStatus>;

export const appSchema = z.object({
  /** The bundle id again, as react-admin's records need an `id`. */
  id: z.string(),
  bundleId: z.string(),
  name: z.string(),
  logo: z.object({ path: z.string() }),
  outlets: z.array(z.object({ name: z.string(), shopId: z.string() })),
  rememberShop: z.boolean(),
  multiBrand: z.boolean(),
  enableSearch: z.boolean(),
  shopSelectPageTitle: z.string().nullable(),
  shopSelectPageSubtitle: z.string().nullable(),
  appstore: deploymentStatus,
  playstore: deploymentStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type App = z.infer<typeof appSchema>;

/* Store settings. Secrets are write-only: a GET says whether each is set, a PUT may leave one out to keep it. */

export const APPSTORE_PLAIN = ['bundleName', 'appleId', 'teamId', 'itcTeamId', 'itcTeamName'] as const;
export const APPSTORE_SECRETS = ['appleIdPassword', 'applicationSpecificPassword', 'apnsKey'] as const;
export type AppstoreSecret = (typeof APPSTORE_SECRETS)[number];
export const CREDENTIAL_FILES = ['apnsCert', 'appstoreGoogleServices', 'playstoreGoogleServices'] as const;
export type CredentialFileKind = (typeof CREDENTIAL_FILES)[number];
export const APPSTORE_FILES = ['apnsCert', 'appstoreGoogleServices'] as const satisfies readonly CredentialFileKind[];
/** Credential files are small text or DER documents (a .p12, a plist, a JSON). */
export const CREDENTIAL_FILE_MAX_BYTES = 256 * 1024;

export const APPSTORE_LABELS: Record<(typeof APPSTORE_PLAIN)[number] | AppstoreSecret, string> = {
  bundleName: 'Bundle name',
  appleId: 'Apple ID',
  appleIdPassword: 'Apple ID password',
  applicationSpecificPassword: 'App-specific password',
  teamId: 'Team ID',
  itcTeamId: 'iTunes Connect team ID',
  itcTeamName: 'iTunes Connect team name',
  apnsKey: 'APNs key',
};
export const FILE_LABELS: Record<CredentialFileKind, string> = {
  apnsCert: 'APNs certificate file',
  appstoreGoogleServices: 'GoogleService-Info file',
  playstoreGoogleServices: 'google-services file',
};

const storeText = (label: string) => text(label, { min: 1, max: STORE_FIELD_MAX });
const secretText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: requiredMsg(label) })
    .max(max, { error: maxLenMsg(max) })
    .optional();

export const appstoreBody = z.object({
  bundleName: storeText(APPSTORE_LABELS.bundleName),
  appleId: storeText(APPSTORE_LABELS.appleId),
  teamId: storeText(APPSTORE_LABELS.teamId),
  itcTeamId: storeText(APPSTORE_LABELS.itcTeamId),
  itcTeamName: storeText(APPSTORE_LABELS.itcTeamName),
  appleIdPassword: secretText(APPSTORE_LABELS.appleIdPassword, STORE_FIELD_MAX),
  applicationSpecificPassword: secretText(APPSTORE_LABELS.applicationSpecificPassword, STORE_FIELD_MAX),
  apnsKey: secretText(APPSTORE_LABELS.apnsKey, APNS_KEY_MAX),
});
export type AppstoreBody = z.infer<typeof appstoreBody>;

/**
 * Both fields are optional, so the tab has no required field to refuse a body without: a bundle name left out keeps
 * the stored one (a body of `{}` changes nothing); null or an empty name clears it.
 */
export const playstoreBody = z.object({
  bundleName: z
    .string()
    .trim()
    .max(STORE_FIELD_MAX, { error: maxLenMsg(STORE_FIELD_MAX) })
    .nullish()
    .transform((s) => (s === undefined ? undefined : s || null)),
});
export type PlaystoreBody = z.infer<typeof playstoreBody>;

export const credentialFile = z.object({ name: z.string(), size: z.number(), uploadedAt: z.string(), downloadUrl: z.string() }).nullable();
export type CredentialFile = z.infer<typeof credentialFile>;

export const appstoreInfo = z.object({
  bundleName: z.string().nullable(),
  appleId: z.string().nullable(),
  teamId: z.string().nullable(),
  itcTeamId: z.string().nullable(),
  itcTeamName: z.string().nullable(),
  /** Whether each secret is stored; the values themselves never leave the server except to a build runner. */
  secrets: z.object({ appleIdPassword: z.boolean(), applicationSpecificPassword: z.boolean(), apnsKey: z.boolean() }),
  apnsCertFile: credentialFile,
  googleServicesInfoFile: credentialFile,
  apnsCertFileDownloadUrl: z.string().nullable(),
  googleServicesInfoFileDownloadUrl: z.string().nullable(),
});
export type AppstoreInfo = z.infer<typeof appstoreInfo>;

export const playstoreInfo = z.object({
  bundleName: z.string().nullable(),
  googleServicesInfoFile: credentialFile,
  googleServicesInfoFileDownloadUrl: z.string().nullable(),
});
export type PlaystoreInfo = z.infer<typeof playstoreInfo>;

export const buildRequestBody = z.object({ store: z.enum(STORES, { error: 'store should be APPSTORE or PLAYSTORE' }) });

const buildEvent = z.object({ status: z.enum(BUILD_STATUSES), message: z.string().nullable(), at: z.string() });
export const buildSchema = z.object({
  id: z.string(),
  bundleId: z.string(),
  store: z.enum(STORES),
  status: z.enum(BUILD_STATUSES),
  message: z.string().nullable(),
  artifactUrl: z.string().nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
  events: z.array(buildEvent),
});
export type Build = z.infer<typeof buildSchema>;

export const runnerStatusBody = z.object({
  status: z.enum(RUNNER_STATUSES, { error: 'status should be RUNNING, SUCCESS or FAILURE' }),
  message: z
    .string()
    .max(2000, { error: maxLenMsg(2000) })
    .nullish()
    .transform((s) => s ?? null),
  artifactUrl: z
    .url({ protocol: /^https?$/, error: 'artifactUrl should be an http(s) URL' })
    .max(2000, { error: maxLenMsg(2000) })
    .nullish()
    .transform((s) => s ?? null),
});
export type RunnerStatusBody = z.infer<typeof runnerStatusBody>;

export const runnerTokenBody = z.object({ name: text('Name', { min: 1, max: 60 }) });
export const runnerTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type RunnerToken = z.infer<typeof runnerTokenSchema>;

/* Downloads (spec 2 §3 "Download device record"; the customers' apps send snake_case). */

const DEVICE_OS = ['ios', 'android'] as const;
const deviceText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: maxLenMsg(max) })
    .nullish()
    .transform((s) => s || null);

export const deviceBody = z.object({
  device_id: z
    .string({ error: requiredMsg('device_id') })
    .trim()
    .min(1, { error: requiredMsg('device_id') })
    .max(200, { error: maxLenMsg(200) }),
  uid: deviceText(128),
  os: z.enum(DEVICE_OS, { error: 'os should be ios or android' }),
  manufacturer: deviceText(64),
  brand: deviceText(64),
  model: deviceText(64),
  carrier: deviceText(64),
  device_country: deviceText(8),
  timezone: deviceText(64),
  version: deviceText(32),
  build_number: deviceText(32),
  api_level: z
    .union([
      z
        .string()
        .trim()
        .max(16, { error: maxLenMsg(16) }),
      z.number().int().min(0).max(10_000),
    ])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v))),
});
export type DeviceBody = z.infer<typeof deviceBody>;

const deviceRecord = z.object({
  device_id: z.string(),
  uid: z.string().nullable(),
  updated_at: z.string(),
  os: z.enum(DEVICE_OS),
  manufacturer: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  carrier: z.string().nullable(),
  device_country: z.string().nullable(),
  timezone: z.string().nullable(),
  version: z.string().nullable(),
  build_number: z.string().nullable(),
  api_level: z.string().nullable(),
});
export type DeviceRecord = z.infer<typeof deviceRecord>;

export const downloadStats = z.object({ totalDownloads: z.number(), iosDownloads: z.number(), androidDownloads: z.number() });
export type DownloadStats = z.infer<typeof downloadStats>;
export const devicePage = z.object({ list: z.array(deviceRecord), hasMore: z.boolean() });
export type DevicePage = z.infer<typeof devicePage>;
export const dailyDownloads = z.object({ days: z.array(z.object({ date: z.string(), ios: z.number(), android: z.number() })) });
export type DailyDownloads = z.infer<typeof dailyDownloads>;
export const shopApp = z.object({ bundle_id: z.string(), bundle_name: z.string() });
export type ShopApp = z.infer<typeof shopApp>;

/** The CSV export's columns, in order: the device record's field names. */
export const DEVICE_CSV_COLUMNS = [
  'device_id',
  'uid',
  'updated_at',
  'os',
  'manufacturer',
  'brand',
  'model',
  'carrier',
  'device_country',
  'timezone',
  'version',
  'build_number',
  'api_level',
] as const;
