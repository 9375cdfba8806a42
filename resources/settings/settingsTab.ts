import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Access } from '../../src/contracts/shopSection';

/** What a tab may look at to decide whether it shows: the caller's access and the settings documents it `reads`. */
export interface SettingsTabContext {
  access: Access;
  /** A document named in the tab's `reads`, once loaded (undefined while loading or when it failed). */
  setting: (kind: string) => Record<string, unknown> | undefined;
}

/** One tab of the Settings page (spec 3 §2.6). */
export interface SettingsTab {
  /** The tab's id in the URL: settings?tab={id}. */
  id: string;
  /** i18n key of the tab's label. */
  label: string;
  /** Position among the tabs; lower first (the spec's order: 10 checkout … 60 custom collection time). */
  order: number;
  element: LazyExoticComponent<ComponentType>;
  /** Settings kinds `visible` reads; the page loads them (sharing the forms' cache) before asking. */
  reads?: string[];
  visible?: (ctx: SettingsTabContext) => boolean;
}

/** A tab's element: its code loads when the tab is first opened. */
export function lazyTab<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}
