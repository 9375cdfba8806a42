import { eq } from 'drizzle-orm';
import type { RemoteConfig } from '../../../domain/platform';
import {
  PLATFORM_SECURITY_KEY,
  defaultPlatformSecurity,
  platformSecuritySchema,
  type PlatformSecurity,
} from '../../../domain/shopSecurity';
import { platformConfig } from '../../infra/db/tables';
import type { Db } from '../../infra/db/client';

const KEY = 'remote_config';
const DEFAULTS: RemoteConfig = { switchToCustomConnect: false, stripePk: '', oldStripePk: '' };

export async function readRemoteConfig(db: Db): Promise<RemoteConfig> {
  const [row] = await db.select({ value: platformConfig.value }).from(platformConfig).where(eq(platformConfig.key, KEY));
  return { ...DEFAULTS, ...(row?.value as Partial<RemoteConfig> | undefined) };
}

export async function saveRemoteConfig(db: Db, value: RemoteConfig, now: Date): Promise<void> {
  await db
    .insert(platformConfig)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: platformConfig.key, set: { value, updatedAt: now } });
}

/** The platform's security rules (two-factor for super admins); sign-in reads the same row (accounts area). */
export async function readPlatformSecurity(db: Db): Promise<PlatformSecurity> {
  const [row] = await db.select({ value: platformConfig.value }).from(platformConfig).where(eq(platformConfig.key, PLATFORM_SECURITY_KEY));
  const parsed = platformSecuritySchema.safeParse({ ...defaultPlatformSecurity, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : defaultPlatformSecurity;
}

export async function savePlatformSecurity(db: Db, value: PlatformSecurity, now: Date): Promise<void> {
  await db
    .insert(platformConfig)
    .values({ key: PLATFORM_SECURITY_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: platformConfig.key, set: { value, updatedAt: now } });
}
