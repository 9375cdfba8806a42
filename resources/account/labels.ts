/**
 * What the shell shows of the account area before any of its pages opens (resources.account.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  security: {
    title: 'Security',
  },
};
