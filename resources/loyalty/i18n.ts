/** The loyalty area's messages (resources.loyalty.*): the redeemed loyalty cards page. */
export const i18n = {
  name: 'Loyalty',
  title: 'Redeemed Loyalty Cards',
  range: 'Range',
  month: 'Month',
  submit: 'Submit',
  openSettings: 'Open Loyalty Program settings',
  list: 'Redemptions',
  glance: {
    title: 'Program at a glance',
    customersWithStamps: 'Customers holding stamps',
    fullCards: 'Cards full, reward waiting',
    owed: 'Rewards earned, not yet redeemed',
    count: 'Stamps per card',
  },
  card: {
    reward: 'Reward',
    redeemedOn: 'Taken off order',
    stampedOrders: 'Stamped orders',
    order: 'Order of %{time}',
    orderTotal: 'Order total',
    worth: 'Worth',
  },
};
