/**
 * What the shell shows of the promotions area before any of its pages opens (resources.promotions.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  menu: 'Coupons',
};
