import type { SettingsTab } from './settingsTab';

/**
 * The settings area's own tabs (checkout 10, order 20, booking 40, loyalty 50, custom collection time 60); other
 * areas add theirs in ./tabs.ts with an order between these.
 */
export const CONFIG_TABS: SettingsTab[] = [];
