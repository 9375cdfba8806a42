import crypto from 'node:crypto';
import {
  APPSTORE_FILES,
  APPSTORE_LABELS,
  APPSTORE_PLAIN,
  APPSTORE_SECRETS,
  FILE_LABELS,
  type AppstoreBody,
  type AppstoreInfo,
  type AppstoreSecret,
  type CredentialFile,
  type CredentialFileKind,
  type PlaystoreBody,
  type PlaystoreInfo,
  type Store,
} from '../../../domain/apps';
import { requiredMsg } from '../../../domain/validation';
import type { Db } from '../../infra/db/client';
import { badRequest } from '../../infra/http/errors';
import type { CredentialBox } from '../../infra/credentials';
import type { Storage } from '../../infra/storage';
import { appNotFound, appExists } from './repo';
import {
  lockedStoreRow,
  saveAppstoreRow,
  savePlaystoreSettings,
  setStoreFile,
  storeRow,
  type StoreRow as Row,
  type StoredFile,
} from './repoStores';

const STORE_OF_FILE: Record<CredentialFileKind, Store> = {
  apnsCert: 'APPSTORE',
  appstoreGoogleServices: 'APPSTORE',
  playstoreGoogleServices: 'PLAYSTORE',
};

const fileUrl = (bundleId: string, kind: CredentialFileKind) => `/api/whitelabel/apps/${encodeURIComponent(bundleId)}/files/${kind}`;

async function requireApp(db: Db, bundleId: string) {
  if (!(await appExists(db, bundleId))) throw appNotFound(bundleId);
}

async function openSecrets(box: CredentialBox, row: Row | null): Promise<Partial<Record<AppstoreSecret, string>>> {
  return row?.secrets ? (JSON.parse(await box.openText(row.secrets)) as Partial<Record<AppstoreSecret, string>>) : {};
}

function fileInfo(bundleId: string, kind: CredentialFileKind, file: StoredFile | undefined): CredentialFile {
  return file ? { name: file.name, size: file.size, uploadedAt: file.uploadedAt, downloadUrl: fileUrl(bundleId, kind) } : null;
}

async function appstoreInfoOf(bundleId: string, row: Row | null, box: CredentialBox): Promise<AppstoreInfo> {
  const settings = row?.settings ?? {};
  const secrets = await openSecrets(box, row);
  const files = row?.files ?? {};
  const apnsCertFile = fileInfo(bundleId, 'apnsCert', files.apnsCert);
  const googleServicesInfoFile = fileInfo(bundleId, 'appstoreGoogleServices', files.appstoreGoogleServices);
  return {
    bundleName: settings.bundleName ?? null,
    appleId: settings.appleId ?? null,
    teamId: settings.teamId ?? null,
    itcTeamId: settings.itcTeamId ?? null,
    itcTeamName: settings.itcTeamName ?? null,
    secrets: {
      appleIdPassword: Boolean(secrets.appleIdPassword),
      applicationSpecificPassword: Boolean(secrets.applicationSpecificPassword),
      apnsKey: Boolean(secrets.apnsKey),
    },
    apnsCertFile,
    googleServicesInfoFile,
    apnsCertFileDownloadUrl: apnsCertFile?.downloadUrl ?? null,
    googleServicesInfoFileDownloadUrl: googleServicesInfoFile?.downloadUrl ?? null,
  };
}

export async function getAppstore(db: Db, box: CredentialBox, bundleId: string): Promise<AppstoreInfo> {
  await requireApp(db, bundleId);
  return appstoreInfoOf(bundleId, await storeRow(db, bundleId, 'APPSTORE'), box);
}

export async function getPlaystore(db: Db, bundleId: string): Promise<PlaystoreInfo> {
  await requireApp(db, bundleId);
  const row = await storeRow(db, bundleId, 'PLAYSTORE');
  const file = fileInfo(bundleId, 'playstoreGoogleServices', row?.files.playstoreGoogleServices);
  return {
    bundleName: row?.settings.bundleName ?? null,
    googleServicesInfoFile: file,
    googleServicesInfoFileDownloadUrl: file?.downloadUrl ?? null,
  };
}

/** Whether every Appstore field, secret and file is there (spec 1 §5: all required), as an error map. */
async function missingAppstore(row: Row | null, box: CredentialBox): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const secrets = await openSecrets(box, row);
  for (const k of APPSTORE_PLAIN) if (!row?.settings[k]) errors[k] = requiredMsg(APPSTORE_LABELS[k]);
  for (const k of APPSTORE_SECRETS) if (!secrets[k]) errors[k] = requiredMsg(APPSTORE_LABELS[k]);
  for (const k of APPSTORE_FILES) if (!row?.files[k]) errors[k] = requiredMsg(FILE_LABELS[k]);
  return errors;
}

export async function appstoreComplete(db: Db, box: CredentialBox, bundleId: string): Promise<boolean> {
  return Object.keys(await missingAppstore(await storeRow(db, bundleId, 'APPSTORE'), box)).length === 0;
}

/**
 * Saves the Appstore tab. A secret left out keeps its stored value (the console shows 'set' and offers Replace);
 * one that was never stored is required. The files are uploaded beforehand (putCredentialFile) and required too.
 */
export async function putAppstore(db: Db, box: CredentialBox, bundleId: string, body: AppstoreBody, now: Date): Promise<AppstoreInfo> {
  await requireApp(db, bundleId);
  return db.transaction(async (tx) => {
    const current = await lockedStoreRow(tx, bundleId, 'APPSTORE');
    const secrets = { ...(await openSecrets(box, current)) };
    for (const k of APPSTORE_SECRETS) if (body[k]) secrets[k] = body[k];
    const settings = Object.fromEntries(APPSTORE_PLAIN.map((k) => [k, body[k]]));
    const next: Row = {
      bundleId,
      store: 'APPSTORE',
      settings,
      secrets: await box.sealText(JSON.stringify(secrets)),
      files: current?.files ?? {},
      updatedAt: now,
    };
    const errors = await missingAppstore(next, box);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors, 'VALIDATION');
    await saveAppstoreRow(tx, next);
    return appstoreInfoOf(bundleId, next, box);
  });
}

export async function putPlaystore(db: Db, bundleId: string, body: PlaystoreBody, now: Date): Promise<PlaystoreInfo> {
  await requireApp(db, bundleId);
  if (body.bundleName === undefined) return getPlaystore(db, bundleId);
  const settings = { bundleName: body.bundleName };
  await savePlaystoreSettings(db, bundleId, settings, now);
  return getPlaystore(db, bundleId);
}

/** File names are shown and sent back in Content-Disposition: keep them plain. */
const cleanName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'file';

/**
 * Stores an uploaded credential file sealed (storage may be a shared bucket) under a key of its own, records it on
 * the store's row and removes the file it replaces.
 */
export async function putCredentialFile(
  db: Db,
  box: CredentialBox,
  storage: Storage,
  bundleId: string,
  kind: CredentialFileKind,
  file: { name: string; body: Buffer },
  now: Date,
): Promise<CredentialFile> {
  await requireApp(db, bundleId);
  const store = STORE_OF_FILE[kind];
  const key = `cred/${crypto.randomUUID()}.bin`;
  await storage.put(key, await box.seal(file.body), 'application/octet-stream');
  const stored: StoredFile = { key, name: cleanName(file.name), size: file.body.length, uploadedAt: now.toISOString() };
  let replaced: string | undefined;
  try {
    replaced = await db.transaction((tx) => setStoreFile(tx, bundleId, store, kind, stored, now));
  } catch (e) {
    await storage.delete(key);
    throw e;
  }
  if (replaced) await storage.delete(replaced);
  return fileInfo(bundleId, kind, stored);
}

/** A credential file's name and opened bytes, or null when none was uploaded. */
export async function readCredentialFile(
  db: Db,
  box: CredentialBox,
  storage: Storage,
  bundleId: string,
  kind: CredentialFileKind,
): Promise<{ name: string; body: Buffer } | null> {
  const row = await storeRow(db, bundleId, STORE_OF_FILE[kind]);
  const file = row?.files[kind];
  if (!file) return null;
  const object = await storage.get(file.key);
  return object ? { name: file.name, body: await box.open(object.body) } : null;
}

/** Everything a build runner needs for one store: settings, opened secrets and files (base64). */
export async function storeCredentials(db: Db, box: CredentialBox, storage: Storage, bundleId: string, store: Store) {
  const row = await storeRow(db, bundleId, store);
  const files: Record<string, { name: string; contentBase64: string }> = {};
  for (const kind of Object.keys(row?.files ?? {}) as CredentialFileKind[]) {
    const file = await readCredentialFile(db, box, storage, bundleId, kind);
    if (file) files[kind] = { name: file.name, contentBase64: file.body.toString('base64') };
  }
  return { settings: row?.settings ?? {}, secrets: await openSecrets(box, row), files };
}
