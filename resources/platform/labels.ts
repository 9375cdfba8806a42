/**
 * What the shell shows of the platform area before any of its pages opens (resources.platform.*); the rest of its words
 * are i18n.ts, fetched with its first page.
 */
export const labels = {
  transactionFee: {
    menu: 'Transaction Fee',
  },
  stripeSwitch: {
    name: 'Stripe',
  },
  security: {
    name: 'Security',
  },
};
