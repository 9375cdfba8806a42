/** The delivery area's messages (resources.delivery.*). */
export const i18n = {
  name: 'Delivery Info',
  menu: 'Delivery Info',
  edit: 'Edit Delivery Info',
  fields: {
    minOrderValue: 'Minimum order value',
    suburbs: 'Suburbs',
    name: 'Suburb',
    postcode: 'Postcode',
    deliveryCharges: 'Delivery charges',
  },
};
