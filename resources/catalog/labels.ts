/**
 * What the shell shows of the catalog area before any of its pages opens (resources.catalog.*); the rest of its words are
 * i18n.ts, fetched with its first page.
 */
export const labels = {
  items: {
    menu: 'Items',
  },
  menu: {
    menu: 'Menu',
  },
  delivery: {
    menu: 'Delivery Info',
  },
};
