/**
 * Response bodies as Stripe sends them for API version 2020-03-02 (trimmed of fields nothing reads, values as in
 * Stripe's own test-mode answers). The fake server fills in ids and the fields a request changed.
 */
export const account = (id: string) => ({
  id,
  object: 'account',
  business_profile: { mcc: '5812', name: 'Staffed Cafe', product_description: null, support_address: null, support_email: null, support_phone: null, support_url: null, url: 'https://staffed.example.com' },
  business_type: 'company',
  capabilities: { card_payments: 'active', transfers: 'active' },
  charges_enabled: true,
  company: {
    address: { city: 'Sydney', country: 'AU', line1: '1 George Street', line2: null, postal_code: '2000', state: 'NSW' },
    directors_provided: true,
    executives_provided: true,
    name: 'Staffed Cafe Pty Ltd',
    owners_provided: true,
    phone: '+61291234567',
    tax_id_provided: true,
    verification: { document: { back: null, details: null, details_code: null, front: null } },
  },
  country: 'AU',
  created: 1584486000,
  default_currency: 'aud',
  details_submitted: true,
  email: 'owner@example.com',
  external_accounts: {
    object: 'list',
    data: [
      {
        id: 'ba_1GO5hdDyjGbwT4Wz0wRk9Tsp',
        object: 'bank_account',
        account: id,
        account_holder_name: 'Staffed Cafe Pty Ltd',
        account_holder_type: 'company',
        bank_name: 'WESTPAC BANKING CORPORATION',
        country: 'AU',
        currency: 'aud',
        default_for_currency: true,
        fingerprint: 'kf0Pd3R8mcJpHbtl',
        last4: '3456',
        metadata: {},
        routing_number: '11 0000',
        status: 'new',
      },
    ],
    has_more: false,
    total_count: 1,
    url: `/v1/accounts/${id}/external_accounts`,
  },
  metadata: {},
  payouts_enabled: true,
  requirements: { current_deadline: null, currently_due: [] as string[], disabled_reason: null, eventually_due: ['company.tax_id'], past_due: [] as string[], pending_verification: [] as string[] },
  settings: {
    branding: { icon: null, logo: null, primary_color: null },
    card_payments: { decline_on: { avs_failure: false, cvc_failure: false }, statement_descriptor_prefix: null },
    dashboard: { display_name: 'Staffed Cafe', timezone: 'Australia/Sydney' },
    payments: { statement_descriptor: 'STAFFED CAFE', statement_descriptor_kana: null, statement_descriptor_kanji: null },
    payouts: { debit_negative_balances: true, schedule: { delay_days: 2, interval: 'daily' }, statement_descriptor: null },
  },
  tos_acceptance: { date: 1584486100, ip: '203.0.113.7', user_agent: null },
  type: 'custom',
});

export const bankAccount = (accountId: string) => ({
  id: 'ba_1GO6Q8DyjGbwT4WzXh2pLk0a',
  object: 'bank_account',
  account: accountId,
  account_holder_name: 'Olive Owner',
  account_holder_type: 'individual',
  bank_name: 'STRIPE TEST BANK',
  country: 'AU',
  currency: 'aud',
  default_for_currency: true,
  fingerprint: '1JWtPxqbdX5Gamtc',
  last4: '6789',
  metadata: {},
  routing_number: '11 0000',
  status: 'new',
});

export const card = (accountId: string) => ({
  id: 'card_1GO6SdDyjGbwT4WzK3fQ0c2L',
  object: 'card',
  account: accountId,
  brand: 'Visa',
  country: 'US',
  currency: 'aud',
  exp_month: 8,
  exp_year: 2027,
  last4: '4242',
});

export const payouts = () => ({
  object: 'list',
  data: [
    { id: 'po_1GO7kQDyjGbwT4Wz8Bv1N2c3', object: 'payout', amount: 15320, arrival_date: 1584662400, automatic: true, balance_transaction: 'txn_1GO7kQDyjGbwT4Wzq9', created: 1584576000, currency: 'aud', description: 'STRIPE PAYOUT', destination: 'ba_1GO5hdDyjGbwT4Wz0wRk9Tsp', failure_code: null, failure_message: null, livemode: false, metadata: {}, method: 'standard', source_type: 'card', statement_descriptor: null, status: 'paid', type: 'bank_account' },
    { id: 'po_1GNdRqDyjGbwT4WzV7m2Kx8a', object: 'payout', amount: 9575, arrival_date: 1584576000, automatic: true, balance_transaction: 'txn_1GNdRqDyjGbwT4Wz3b', created: 1584489600, currency: 'aud', description: 'STRIPE PAYOUT', destination: 'ba_1GO5hdDyjGbwT4Wz0wRk9Tsp', failure_code: null, failure_message: null, livemode: false, metadata: {}, method: 'standard', source_type: 'card', statement_descriptor: null, status: 'in_transit', type: 'bank_account' },
  ],
  has_more: true,
  url: '/v1/payouts',
});

export const balance = () => ({
  object: 'balance',
  available: [{ amount: 4250, currency: 'aud', source_types: { card: 4250 } }],
  connect_reserved: [{ amount: 0, currency: 'aud' }],
  livemode: false,
  pending: [{ amount: 2180, currency: 'aud', source_types: { card: 2180 } }],
});

export const accountLink = (type: string) => ({
  object: 'account_link',
  created: 1584486500,
  expires_at: 1584486800,
  url: `https://connect.stripe.com/setup/c/${type === 'account_update' ? 'update' : 'onboard'}/EnVnJ0NeAa3Vz`,
});

export const oauthToken = (accountId: string) => ({
  access_token: 'sk_test_oauthAccessTokenNeverShown',
  livemode: false,
  refresh_token: 'rt_oauthRefreshTokenNeverShown',
  token_type: 'bearer',
  stripe_publishable_key: 'pk_test_connectedAccountKey',
  stripe_user_id: accountId,
  scope: 'read_write',
});

export const errorBody = (type: string, message: string, extra: Record<string, string> = {}) => ({ error: { type, message, ...extra } });

export const paymentIntent = (id: string, amount: number, currency: string, status: string, fee: number | null) => ({
  id,
  object: 'payment_intent',
  amount,
  amount_capturable: status === 'requires_capture' ? amount : 0,
  amount_received: status === 'succeeded' ? amount : 0,
  application_fee_amount: fee,
  capture_method: status === 'requires_capture' ? 'manual' : 'automatic',
  charges: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/charges?payment_intent=${id}` },
  client_secret: `${id}_secret_q2dLEV2eUKnjGaR7oPo0BaN1F`,
  confirmation_method: 'automatic',
  created: 1584490000,
  currency,
  livemode: false,
  metadata: {},
  payment_method: 'pm_1GO8aBDyjGbwT4WzCardVisa',
  payment_method_types: ['card'],
  status,
});

export const refund = (id: string, paymentIntentId: string, amount: number, currency: string) => ({
  id,
  object: 'refund',
  amount,
  balance_transaction: 'txn_1GO9refundBalance01',
  charge: 'ch_1GO8aBDyjGbwT4WzCharge01',
  created: 1584490500,
  currency,
  metadata: {},
  payment_intent: paymentIntentId,
  reason: null,
  receipt_number: null,
  source_transfer_reversal: null,
  status: 'succeeded',
  transfer_reversal: null,
});

/** Balance transactions of a connected account (GET /v1/balance_transactions): a charge, its refund, and a later payout. */
export const balanceTransactions = () => [
  {
    id: 'txn_1GO9refundBalance01',
    object: 'balance_transaction',
    amount: -2450,
    available_on: 1584490500,
    created: 1584490500,
    currency: 'aud',
    description: 'REFUND FOR CHARGE (Order from Carl Card)',
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: -2450,
    reporting_category: 'refund',
    source: 're_1GO90000000002',
    status: 'available',
    type: 'refund',
  },
  {
    id: 'txn_1GO8aBDyjGbwT4WzChg01',
    object: 'balance_transaction',
    amount: 2450,
    available_on: 1584662400,
    created: 1584490000,
    currency: 'aud',
    description: 'Order from Carl Card',
    exchange_rate: null,
    fee: 93,
    fee_details: [{ amount: 93, application: 'ca_FakeClientId123', currency: 'aud', description: 'application fee', type: 'application_fee' }],
    net: 2357,
    reporting_category: 'charge',
    source: 'ch_1GO8aBDyjGbwT4WzCharge01',
    status: 'pending',
    type: 'charge',
  },
  {
    id: 'txn_1GO7kQDyjGbwT4Wzq9',
    object: 'balance_transaction',
    amount: -15320,
    available_on: 1584576000,
    created: 1584576000,
    currency: 'aud',
    description: 'STRIPE PAYOUT',
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: -15320,
    reporting_category: 'payout',
    source: 'po_1GO7kQDyjGbwT4Wz8Bv1N2c3',
    status: 'available',
    type: 'payout',
  },
];
