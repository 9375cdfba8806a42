import { eq } from 'drizzle-orm';
import type { RemoteConfig } from '../../../domain/platform';
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
