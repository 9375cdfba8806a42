/**
 * What the shell shows of the shortlink area before any of its pages opens (resources.shortlink.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  flyer: {
    title: 'Flyer',
  },
};
