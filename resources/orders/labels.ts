/**
 * What the shell shows of the orders area before any of its pages opens (resources.orders.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  board: {
    newCount: '%{total} new orders',
  },
  menu: { dashboard: 'New Orders', history: 'Order History', detail: 'Order' },
};
