import { eq } from 'drizzle-orm';
import {
  PLATFORM_SECURITY_KEY,
  defaultPlatformSecurity,
  platformSecuritySchema,
  type PlatformSecurity,
} from '../../../domain/shopSecurity';
import type { Db } from './client';
import { platformConfig } from './tables';

/**
 * The platform's security rules (two-factor for super admins), one document in platform_config. Here rather than in
 * the platform area: sign-in (accounts) reads it, and the accounts area importing the platform's would close a cycle
 * through shops and staff.
 */
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
