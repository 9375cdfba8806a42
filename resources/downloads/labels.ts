/**
 * What the shell shows of the downloads area before any of its pages opens (resources.downloads.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Downloads',
};
