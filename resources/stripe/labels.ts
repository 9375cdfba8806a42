/**
 * What the shell shows of the stripe area before any of its pages opens (resources.stripe.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Stripe',
  payoutsMenu: 'Payouts',
};
