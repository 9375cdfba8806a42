/**
 * What the shell shows of the apikeys area before any of its pages opens (resources.apikeys.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'API keys',
};
