/** The promotions area's messages (resources.promotions.*). */
export const i18n = {
  name: 'Coupon |||| Coupons',
  create: 'New Coupon',
  edit: 'Edit Coupon',
  save: 'Save Coupon',
  loading: 'Loading coupon',
  empty: {
    title: 'Your first coupon',
    text:
      'Coupons bring customers back. Offer a flat amount off an order, a percentage off an order, or free delivery, ' +
      'each above an order amount you choose.',
  },
  fields: {
    coupon: 'Coupon Code',
    description: 'Description',
    details: 'Details',
    action: 'Action',
    startDate: 'Start Date',
    endDate: 'End Date',
    dows: 'Applicable days of week',
    maxRedeems: 'Max Redeems',
    exclusive: 'Exclusive',
    firstOrderDiscount: 'First Order Discount',
    type: 'Type',
    collectionType: 'Applicable Collection Type',
    'flatAmountDiscount.applicableOverAmount': 'Applicable over amount',
    'flatAmountDiscount.discountAmount': 'Discount amount',
    'flatPercentageDiscount.applicableOverAmount': 'Applicable over amount',
    'flatPercentageDiscount.discountPercentage': 'Discount percentage',
    'freeDelivery.applicableOverAmount': 'Applicable over amount',
  },
  help: {
    coupon: 'All caps, no spaces or special characters',
    dows: 'Blank means all days',
    maxRedeems: 'Per customer; 0 means unlimited',
    discountPercentage: '1 to 100 %',
    description: '6 to 80 characters',
  },
  choices: { collectionType: { all: 'All', PICKUP: 'Pickup', DELIVERY: 'Delivery' } },
  actions: {
    edit: 'Edit %{coupon}',
    delete: 'Delete %{coupon}',
  },
};
