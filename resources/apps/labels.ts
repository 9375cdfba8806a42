/**
 * What the shell shows of the apps area before any of its pages opens (resources.apps.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: { list: 'Apps', create: 'New App', edit: 'Edit App' },
};
