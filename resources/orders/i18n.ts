/** The orders area's messages (resources.orders.*). */
export const i18n = {
  name: 'Order |||| Orders',
  menu: { dashboard: 'New Orders', history: 'Order History', detail: 'Order' },
  fields: {
    placedAt: 'Order Time',
    customerName: 'Customer',
    mobile: 'Mobile',
    collectionType: 'Collection',
    paymentType: 'Payment',
    paymentStatus: 'Payment Status',
    grandTotal: 'Grand Total',
    eta: 'ETA',
    orderStatusRestaurant: 'Status',
  },
};
