/** The reports area's messages (resources.reports.*): the sidebar's entries, also the breadcrumb and tab titles. */
export const i18n = {
  name: 'Reports',
  menu: {
    orders: 'Orders Report',
    payments: 'Payments',
    transactions: 'Transaction Report',
  },
};
