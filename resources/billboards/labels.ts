/**
 * What the shell shows of the billboards area before any of its pages opens (resources.billboards.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Billboards',
};
