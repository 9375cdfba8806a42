/**
 * What the shell shows of the webhooks area before any of its pages opens (resources.webhooks.*); the rest of its words
 * are i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Webhooks',
};
