/** The settings area's messages (resources.settings.*): the Settings page and its tabs. */
export const i18n = {
  name: 'Settings',
  none: 'There are no settings to show.',
  tabs: {
    checkout: 'Checkout Settings',
    order: 'Order Settings',
    kitchen: 'Kitchen',
    security: 'Security',
    booking: 'Table Booking',
    loyalty: 'Loyalty Program',
    custom_collection: 'Custom Collection Time',
  },
  checkoutHelp: {
    link: 'How checkout settings work',
    text:
      'Collection type decides whether customers can order for pickup, delivery or both. ' +
      'Collection time lets them choose when: Same Day offers times today from your store timings, ' +
      'Custom offers the entries of the Custom Collection Time tab. Collection name asks for a name to call out. ' +
      'The card surcharge adds a fixed amount plus a percentage to card orders at or above the minimum order value.',
  },
  help: {
    collectionTime: 'Same Day uses your store timings; Custom shows the Custom Collection Time tab.',
    maxDaysAhead: 'How many days ahead customers may order, 1 to 90.',
    count: 'Orders needed to earn the reward.',
    cardBg: 'Optional, 4:3.',
    sessions:
      "Customers can book a time from a session's opening time until its duration (in hours) has passed. Capacity is the " +
      'most guests a session seats, counting new and accepted bookings; leave it empty for no limit.',
  },
  /** What a field takes, under it. */
  limits: {
    chars: '%{min} to %{max} characters',
    optionalChars: 'Optional, %{min} to %{max} characters',
    upTo: 'Up to %{max} characters',
    percent: '0 to %{max} %',
    money: '%{symbol}0 to %{symbol}%{max}',
    in: 'In %{symbol}',
  },
  /** A session's group on the booking tab: 'Monday Lunch'. */
  dayMeal: '%{day} %{meal}',
  choices: {
    collectionType: {
      NA: 'Not available',
      PICKUP_ONLY: 'Pickup only',
      DELIVERY_ONLY: 'Delivery only',
      PICKUP_AND_DELIVERY: 'Pickup and delivery',
    },
    collectionTime: { CAFE: 'Same Day', CUSTOM: 'Custom' },
    etaType: { RESTAURANT: 'Cafe/Restaurant' },
    loyaltyType: { PERCENTAGE: 'Percentage', AMOUNT: 'Amount' },
  },
  fields: {
    collectionType: 'Collection type',
    collectionTime: 'Collection time',
    hasCollectionTime: 'Has collection time',
    hasCollectionName: 'Has collection name',
    'collectionName.title': 'Collection name title',
    'collectionName.subtitle': 'Collection name subtitle',
    hasComments: 'Comments',
    hasCoupons: 'Coupons',
    hasCash: 'Cash',
    creditCardSurchargeEnabled: 'Credit card surcharge',
    creditCardSurchargeAmount: 'Surcharge amount',
    creditCardSurchargePercentage: 'Surcharge percentage',
    creditCardSurchargeMinimumOrderValue: 'Minimum order value',
    maxDaysAhead: 'Max days ahead',
    hasEta: 'ETA',
    etaType: 'ETA type',
    on: 'Table booking',
    showLinkOnMenuPage: 'Show link on menu page',
    showLinkOnPostsPage: 'Show link on posts page',
    minPax: 'Min guests',
    maxPax: 'Max guests',
    numDaysInAdvance: 'Days in advance',
    sessions: 'Booking sessions',
    day: 'Day',
    breakfast: 'Breakfast',
    lunch: 'Lunch',
    dinner: 'Dinner',
    open: 'Open',
    duration: 'Duration (hours)',
    capacity: 'Capacity',
    enabled: 'Loyalty program',
    count: 'Count',
    type: 'Type',
    percentage: 'Percentage',
    amount: 'Amount',
    noLoyaltyOnDiscountedOrders: 'No loyalty on discounted orders',
    cardBg: 'Card background',
    title: 'Title',
    subtitle: 'Subtitle',
    list: 'Collection times',
    entry: 'Entry',
  },
  /** The Security tab (settings kind security, ADMINs). */
  security: {
    requireTwoFactor: 'Every member must use two-factor sign-in',
    requireTwoFactorHelp: 'Members without it are taken to set it up after their password, the next time they sign in.',
  },
  /** The Kitchen tab (settings kind kitchen): accept automatically, capacity per 15-minute slot, per collection type. */
  kitchen: {
    pickup: 'Pickup',
    delivery: 'Delivery',
    autoAccept: 'Accept orders automatically',
    autoAcceptHelp:
      'Orders are accepted as they are placed (card orders once paid), with their ready time; the board chimes once instead of ringing.',
    readyInMinutes: 'Ready in (minutes)',
    readyInHelp: '%{min} to %{max} minutes; busy mode adds its minutes. A later time the customer asked for is kept.',
    maxOrders: 'Orders per 15-minute slot',
    maxOrdersHelp: 'Optional, %{min} to %{max}; empty for no limit. New and accepted orders count.',
    maxSales: 'Sales per 15-minute slot',
    maxSalesHelp: 'Optional, in %{symbol}, up to %{symbol}%{max}; empty for no limit.',
    wholeKitchen: 'Pickup and delivery together',
    inProgressLimit: 'Orders in progress limit',
    inProgressLimitHelp:
      'Optional, %{min} to %{max}; empty for no limit. While this many accepted orders are not completed (ready ones count), ' +
      'orders for as soon as possible are quoted later by their ready-in minutes.',
  },
  pizza: {
    tab: 'Pizza Settings',
    activeHelp: 'Pizzas can be created and sold once this is on.',
    halfAndHalfHelp: 'Customers may order half and half pizzas.',
    fields: {
      active: 'Active',
      hasHalfAndHalf: 'Half and half',
      sizes: 'Sizes',
      name: 'Name',
      halfAndHalfExtraCharge: 'Half and half extra charge',
      toppings: 'Toppings',
    },
  },
};
