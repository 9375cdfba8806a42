import type { TranslationMessages } from 'react-admin';
import type { Area, AreaMessages } from './contracts/area';
import { areas } from './areas';
import { i18nProvider, messages } from './providers';

const list: readonly Area[] = areas;
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function merge(into: AreaMessages, more: AreaMessages): AreaMessages {
  const out: AreaMessages = { ...into };
  for (const [key, value] of Object.entries(more)) {
    const here = out[key];
    out[key] = typeof value === 'object' && typeof here === 'object' ? merge(here, value) : value;
  }
  return out;
}

/** Whether an area's words are in the catalogue (an area without lazy words always is). */
export const hasAreaWords = (area: Area) => !area.words || loaded.has(area.name);

/**
 * Fetches an area's lazy words once and adds them under resources.<name>; resolves when translate() knows them. The
 * provider reads its catalogue again on changeLocale, so the merged words take effect without a new provider.
 */
export function loadAreaWords(area: Area): Promise<void> {
  if (!area.words || loaded.has(area.name)) return Promise.resolve();
  let pending = loading.get(area.name);
  if (!pending) {
    pending = area
      .words()
      .then(async (words) => {
        const resources = messages.resources as TranslationMessages;
        resources[area.name] = merge((resources[area.name] ?? {}) as AreaMessages, words);
        await i18nProvider.changeLocale('en');
        loaded.add(area.name);
      })
      .catch((error: unknown) => {
        // A failed fetch (a new deployment, a lost connection) is tried again by the next page that needs it.
        loading.delete(area.name);
        throw error;
      });
    loading.set(area.name, pending);
  }
  return pending;
}

/** Every area's words: for the build's first views and the tests, and fetched when the console is idle. */
export const loadAllAreaWords = () => Promise.all(list.map(loadAreaWords)).then(() => undefined);
