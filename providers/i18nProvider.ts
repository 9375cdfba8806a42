import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from '../src/i18n/en';

/** English only for now; allowMissing lets a literal string pass through translate() unchanged. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
