/** The cache key of the card-payment publishable key (GET /api/platform/stripe-key); saving the payment switch refreshes it. */
export const STRIPE_KEY_QUERY = ['platform', 'stripe-key'] as const;
