import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from './db/client';

/** Seals store credentials (passwords, APNs keys, certificate files) with AES-256-GCM before they are stored. */
export interface CredentialBox {
  seal(plain: Buffer): Promise<Buffer>;
  open(sealed: Buffer): Promise<Buffer>;
  sealText(plain: string): Promise<string>;
  openText(sealed: string): Promise<string>;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

function syncBox(key: Buffer) {
  if (key.length !== 32) throw new Error('the credentials key must be 32 bytes');
  const seal = (plain: Buffer) => {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  };
  const open = (sealed: Buffer) => {
    if (sealed[0] !== VERSION) throw new Error('unknown credentials format');
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  };
  return { seal, open };
}

/** A box with this key. */
export function credentialBox(key: Buffer): CredentialBox {
  const box = syncBox(key);
  return lazyCredentialBox(async () => key, box);
}

/**
 * A box whose key is read on first use, so building the services (and starting a process) does not need the
 * database yet; a failed read is tried again on the next use.
 */
export function lazyCredentialBox(load: () => Promise<Buffer>, ready?: ReturnType<typeof syncBox>): CredentialBox {
  let box: Promise<ReturnType<typeof syncBox>> | undefined = ready ? Promise.resolve(ready) : undefined;
  const get = () =>
    (box ??= load().then(syncBox, (e: unknown) => {
      box = undefined;
      throw e;
    }));
  return {
    seal: async (plain) => (await get()).seal(plain),
    open: async (sealed) => (await get()).open(sealed),
    sealText: async (plain) => (await get()).seal(Buffer.from(plain, 'utf8')).toString('base64'),
    openText: async (sealed) => (await get()).open(Buffer.from(sealed, 'base64')).toString('utf8'),
  };
}

/**
 * CREDENTIALS_KEY when set; else one generated once and kept in the database (as the JWT signing secret is), so
 * every server process on the same database opens what another sealed. Setting the variable keeps the key out of
 * the database and its backups; switching later needs the stored credentials entered again.
 */
export async function credentialsKey(config: Config, database: Database): Promise<Buffer> {
  if (config.credentialsKey) return config.credentialsKey;
  const candidate = crypto.randomBytes(32).toString('base64');
  await database.db.execute(
    sql`INSERT INTO platform_config (key, value) VALUES ('credentials_key', ${JSON.stringify(candidate)}::jsonb)
      ON CONFLICT (key) DO NOTHING`,
  );
  const res = await database.db.execute<{ value: string }>(sql`SELECT value FROM platform_config WHERE key = 'credentials_key'`);
  return Buffer.from(res.rows[0].value, 'base64');
}
