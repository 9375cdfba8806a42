/** The platform area's messages (resources.platform.*): a shop's transaction fee and the Stripe switch. */
export const i18n = {
  transactionFee: {
    name: 'Transaction Fee',
    menu: 'Transaction Fee',
    fields: {
      applicable: 'Applicable',
      microLimit: 'Micro limit',
      microAmount: 'Micro amount',
      microPercentage: 'Micro percentage',
      normalAmount: 'Normal amount',
      normalPercentage: 'Normal percentage',
    },
  },
  stripeSwitch: {
    name: 'Stripe',
    apply: 'Apply',
    fields: {
      switchToCustomConnect: 'Switch to unified Stripe Connect',
      stripePk: 'Publishable key',
      oldStripePk: 'Previous publishable key',
    },
  },
};
