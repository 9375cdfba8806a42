import type { Db } from '../../infra/db/client';
import { loadSettings } from '../../infra/db/settings';

/** The set-up checklist's hours step: the weekly opening hours were saved once (the defaults are nobody's choice). */
export const timingsSetup: Record<'hours', (db: Db, shopId: string) => Promise<boolean>> = {
  hours: async (db, shopId) => (await loadSettings(shopId, db, 'timings')) !== undefined,
};
