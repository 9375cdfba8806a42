/**
 * What the shell shows of the timings area before any of its pages opens (resources.timings.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Store Timings',
};
