/**
 * What the shell shows of the settings area before any of its pages opens (resources.settings.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Settings',
};
