import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';

/**
 * English only for now; allowMissing lets a literal string pass through translate() unchanged. `messages` is read
 * again by `changeLocale`, which is how words added to it later (an area's, as its first page opens) take effect.
 */
export const createI18nProvider = (messages: TranslationMessages) =>
  polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
