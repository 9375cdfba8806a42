/**
 * What the shell shows of the reports area before any of its pages opens (resources.reports.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: {
    orders: 'Orders Report',
    payments: 'Payments',
    transactions: 'Transaction Report',
  },
};
