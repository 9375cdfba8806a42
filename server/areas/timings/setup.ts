import { loadSettings } from '../../infra/db/settings';
import type { SetupRule } from '../types';

/** The set-up checklist's hours step: the weekly opening hours were saved once (the defaults are nobody's choice). */
export const timingsSetup: Record<'hours', SetupRule> = {
  hours: async (db, shopId) => (await loadSettings(shopId, db, 'timings')) !== undefined,
};
