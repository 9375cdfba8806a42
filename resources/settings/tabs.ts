import { lazyTab, type SettingsTab } from './settingsTab';
import { CONFIG_TABS } from './configTabs';

/**
 * Every tab of the Settings page, sorted by `order`: the shop's configuration tabs (./configTabs) and the pizza
 * settings (./pizza), each a lazy component of this folder.
 */
export const SETTINGS_TABS: SettingsTab[] = [
  ...CONFIG_TABS,
  {
    id: 'pizza',
    label: 'resources.settings.pizza.tab',
    order: 30,
    element: lazyTab(() => import('./pizza/PizzaSettingsTab'), 'PizzaSettingsTab'),
  },
].sort((a, b) => a.order - b.order);
