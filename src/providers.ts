import type { TranslationMessages } from 'react-admin';
import { createDataProvider } from '../providers/dataProvider';
import { createI18nProvider } from '../providers/i18nProvider';
import type { Area } from './contracts/area';
import { areas } from './areas';
import { en } from './i18n/en';

const list: readonly Area[] = areas;

/** The console's dataProvider: the shared calls and every area's methods (src/areas.ts). */
export const dataProvider = createDataProvider(...areas.flatMap((a) => ('api' in a ? [a.api] : [])));

/** The console's messages: the shell's, and each area's own under resources.<area>.* */
export const messages: TranslationMessages = {
  ...en,
  resources: Object.fromEntries(list.flatMap((a) => (a.i18n ? [[a.name, a.i18n]] : []))),
};

export const i18nProvider = createI18nProvider(messages);
