import { lazyTab, type SettingsTab } from './settingsTab';
import { CONFIG_TABS } from './configTabs';

/**
 * Every tab of the Settings page, sorted by `order`. An area adds its tab with one line here (its element is a
 * lazy component of its own folder); the settings area's own tabs come from ./configTabs.
 */
export const SETTINGS_TABS: SettingsTab[] = [
  ...CONFIG_TABS,
  { id: 'pizza', label: 'resources.settings.pizza.tab', order: 30, element: lazyTab(() => import('./pizza/PizzaSettingsTab'), 'PizzaSettingsTab') }, // catalog
].sort((a, b) => a.order - b.order);
