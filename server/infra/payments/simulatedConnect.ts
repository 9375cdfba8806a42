import crypto from 'node:crypto';
import { COUNTRIES } from '../../../domain/countries';
import { messages } from '../../../domain/messages';
import type { Balance, BalanceTransaction, ExternalAccount, Payout, PayoutList } from '../../../domain/stripe';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import { AppError, badRequest } from '../http/errors';
import { saveSimulatedDocument, shopForStripe, simulatedDocument } from './accounts';
import { issueSimulatedCode, redeemSimulatedCode } from './oauthTokens';
import type { ConnectProvider, RawAccount } from './connect';
import type { LinkTokens } from './linkTokens';
import type { LedgerRow, SimulatedLedger } from './simulatedLedger';

const id = (prefix: string) => `${prefix}_sim${crypto.randomBytes(8).toString('hex')}`;
const currencyOf = (country: string) => ((COUNTRIES as Record<string, { currency: string }>)[country]?.currency ?? 'AUD').toLowerCase();
const DAY = 86_400;
const SIMULATED_CODE = /^sim_code_[0-9a-f]{16}$/;
/** How long a simulated authorization code can be exchanged: the browser comes straight back with it. */
const SIMULATED_CODE_TTL_MS = 5 * 60_000;

/** What a new platform-created account still needs before it may take cards (Stripe's codes for a sole trader). */
const ONBOARDING_DUE = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/**
 * A Stripe account as Stripe 2020-03-02 renders it, kept in the database (stripe_accounts.simulated). A shop's own
 * account connected through the simulated OAuth page starts complete; a platform-created one starts with the
 * onboarding requirements due, which the simulated onboarding page fills in. The recent payouts and the balance are
 * the simulated account's history: a connected account in this offline mode shows what a real one would.
 */
function newAccount(
  accountId: string,
  mode: 'standard' | 'custom',
  shop: { name: string; country: string; email: string },
  now: number,
): RawAccount {
  const currency = currencyOf(shop.country);
  const onboarded = mode === 'standard';
  const payouts: Payout[] = [3, 10, 17].map((daysAgo, i) => ({
    id: id('po'),
    amount: [12_840, 9_575, 15_320][i],
    currency,
    description: 'STRIPE PAYOUT',
    created: now - (daysAgo + 2) * DAY,
    arrival_date: now - daysAgo * DAY,
    status: 'paid',
  }));
  return {
    id: accountId,
    object: 'account',
    type: mode,
    business_type: 'individual',
    business_profile: { name: shop.name, url: onboarded ? 'https://example.com' : null, mcc: '5812', product_description: null },
    capabilities: { card_payments: onboarded ? 'active' : 'inactive', transfers: onboarded ? 'active' : 'inactive' },
    charges_enabled: onboarded,
    payouts_enabled: onboarded,
    details_submitted: onboarded,
    country: shop.country,
    default_currency: currency,
    email: shop.email,
    created: now,
    individual: onboarded ? onboardedIndividual(shop.email) : null,
    requirements: {
      past_due: [],
      currently_due: onboarded ? [] : ONBOARDING_DUE,
      eventually_due: onboarded ? [] : ONBOARDING_DUE,
      disabled_reason: onboarded ? null : 'requirements.past_due',
    },
    settings: {
      dashboard: { display_name: shop.name },
      payouts: { schedule: { interval: 'daily', delay_days: 2, weekly_anchor: null, monthly_anchor: null }, statement_descriptor: null },
    },
    // An onboarded account has been paid out, so it has the bank account its payouts went to.
    external_accounts: {
      object: 'list',
      data: onboarded ? [onboardedBankAccount(shop.country, currency)] : [],
      has_more: false,
      url: `/v1/accounts/${accountId}/external_accounts`,
    },
    simulated: { payouts, balance: { available: [{ amount: 4_250, currency }], pending: [{ amount: 2_180, currency }] } },
  };
}

function onboardedBankAccount(country: string, currency: string): ExternalAccount {
  return {
    id: id('ba'),
    object: 'bank_account',
    account_holder_name: 'Jenny Rosen',
    account_holder_type: 'individual',
    bank_name: 'SIMULATED BANK',
    routing_number: '110000',
    last4: '6789',
    country,
    currency,
  };
}

function onboardedIndividual(email: string) {
  return {
    first_name: 'Jenny',
    last_name: 'Rosen',
    dob: { day: 1, month: 1, year: 1990 },
    address: { line1: '1 Simulated Street', line2: null, city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU' },
    email,
    phone: null,
    verification: { status: 'verified' },
  };
}

/**
 * A bank token made by the console's simulated tokenizer (resources/stripe/tokenizer.ts): btok_sim_ and the base64url
 * of [holder name, holder type i|c, routing number, last 4]. The account number itself never leaves the browser, as
 * with Stripe.js; the token stays short enough for a path segment.
 */
function decodeToken(token: string, country: string, currency: string): ExternalAccount {
  if (/^tok_sim_/.test(token)) return { id: id('card'), object: 'card', last4: '4242' };
  const missing = () => badRequest(`No such token: '${token}'`, { token: `No such token: '${token}'` }, 'STRIPE_RESOURCE_MISSING');
  const match = /^btok_sim_([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) throw missing();
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'));
  } catch {
    throw missing();
  }
  if (!Array.isArray(fields) || fields.length !== 4 || !fields.every((f) => typeof f === 'string')) throw missing();
  const [name, type, routing, last4] = fields as string[];
  return {
    id: id('ba'),
    object: 'bank_account',
    account_holder_name: name,
    account_holder_type: type === 'c' ? 'company' : 'individual',
    bank_name: 'SIMULATED BANK',
    routing_number: routing || null,
    last4: last4.slice(-4),
    country,
    currency,
  };
}

/**
 * The offline Connect provider (no STRIPE_SECRET_KEY). Its authorize and onboarding URLs are pages of this server
 * (server/areas/stripe/routesReturns.ts) that connect or complete a simulated account and send the browser back, so the whole
 * flow can be walked without Stripe.
 */
/**
 * A ledger entry as the balance transaction Stripe makes of it: a charge adds its amount, available once the payout
 * delay has passed; a refund takes its amount out at once.
 */
function balanceTransaction(row: LedgerRow, delayDays: number, nowSeconds: number): BalanceTransaction {
  const created = Math.floor(row.createdAt.getTime() / 1000);
  const charge = row.object === 'charge';
  return {
    id: `txn_${row.id}`,
    amount: charge ? row.amount : -row.amount,
    currency: row.currency,
    type: row.object,
    description: row.description,
    created,
    status: charge && nowSeconds < created + delayDays * DAY ? 'pending' : 'available',
  };
}

/**
 * What a simulated payout paid out: like an automatic payout, the ledger's movements since the payout before it,
 * up to its own creation (a payout not of this account is Stripe's 'No such payout').
 */
async function payoutTransactions(
  doc: RawAccount,
  payoutId: string,
  page: SimulatedLedger['page'] extends (a: string, p: infer P) => infer R ? (p: P) => R : never,
): Promise<{ data: BalanceTransaction[]; has_more: boolean }> {
  const payouts = [...((doc.simulated as { payouts?: Payout[] }).payouts ?? [])].sort((a, b) => b.created - a.created);
  const at = payouts.findIndex((p) => p.id === payoutId);
  if (at === -1) throw badRequest(`No such payout: '${payoutId}'`, { payout: `No such payout: '${payoutId}'` }, 'STRIPE_RESOURCE_MISSING');
  const until = payouts[at]!.created;
  const since = payouts[at + 1]?.created ?? 0;
  const data: BalanceTransaction[] = [];
  let cursor: string | undefined;
  for (;;) {
    const rows = await page({ limit: 100, startingAfter: cursor });
    if (!rows) break;
    for (const r of rows.rows) {
      const created = Math.floor(r.createdAt.getTime() / 1000);
      if (created <= since || created > until) continue;
      const amount = r.object === 'charge' ? r.amount : -r.amount;
      data.push({
        id: `txn_${r.id}`,
        amount,
        currency: r.currency,
        type: r.object,
        description: r.description,
        created,
        status: 'available',
        fee: 0,
        net: amount,
        paymentId: r.object === 'charge' ? r.id : r.paymentId,
      });
    }
    const last = rows.rows.at(-1);
    if (!rows.hasMore || !last || Math.floor(last.createdAt.getTime() / 1000) <= since) break;
    cursor = last.id;
  }
  return { data, has_more: false };
}

export function simulatedConnect({
  db,
  clock,
  links,
  ledger,
  publicUrl,
}: {
  db: Db;
  clock: Clock;
  links: LinkTokens;
  ledger: SimulatedLedger;
  publicUrl: () => string;
}): ConnectProvider {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function load(accountId: string): Promise<{ shopId: string; doc: RawAccount }> {
    const row = await simulatedDocument(db, accountId);
    if (!row) throw new AppError(404, messages.noConnectedAccount, 'STRIPE_ACCOUNT_MISSING');
    if (row.doc) return { shopId: row.shopId, doc: row.doc as RawAccount };
    const doc = newAccount(accountId, row.mode, await shopForStripe(row.shopId, db), nowSeconds());
    await saveSimulatedDocument(row.shopId, db, accountId, doc, clock.now());
    return { shopId: row.shopId, doc };
  }
  const publicView = (doc: RawAccount): RawAccount => {
    const { simulated: _history, ...account } = doc;
    return account as RawAccount;
  };

  return {
    kind: 'simulated',
    authorizeUrl: ({ state, redirectUri }) =>
      `${publicUrl()}/api/stripe/simulated/oauth?${new URLSearchParams({ state, redirect_uri: redirectUri })}`,
    exchangeCode: async (code, shopId) => {
      // Stripe's answers to a code it did not issue, already spent, or too old.
      const invalidGrant = (message: string) => badRequest(message, undefined, 'STRIPE_INVALID_GRANT');
      const unknown = () => invalidGrant(`Authorization code does not exist: ${code}`);
      if (!SIMULATED_CODE.test(code)) throw unknown();
      const outcome = await redeemSimulatedCode(shopId, db, code, clock.now());
      if (outcome === 'used')
        throw invalidGrant('This authorization code has already been used. All tokens issued with this code have been revoked.');
      if (outcome === 'expired') throw invalidGrant(`Authorization code expired: ${code}`);
      if (outcome === 'unknown') throw unknown();
      return id('acct');
    },
    createAccount: async () => id('acct'),
    accountLink: async (accountId, { type, returnUrl }) => {
      await load(accountId);
      const token = await links.sign('simulated-onboarding', { account: accountId, type, returnUrl }, clock.now(), 5 * 60);
      return `${publicUrl()}/api/stripe/simulated/onboard?${new URLSearchParams({ token })}`;
    },
    retrieveAccount: async (accountId) => publicView((await load(accountId)).doc),
    deauthorize: async (accountId) => void (await load(accountId)),
    setExternalAccount: async (accountId, token) => {
      const { shopId, doc } = await load(accountId);
      const external = decodeToken(token, String(doc.country), String(doc.default_currency));
      doc.external_accounts = { object: 'list', data: [external], has_more: false, url: `/v1/accounts/${accountId}/external_accounts` };
      const requirements = doc.requirements as { currently_due: string[]; eventually_due: string[] };
      requirements.currently_due = requirements.currently_due.filter((r) => r !== 'external_account');
      requirements.eventually_due = requirements.eventually_due.filter((r) => r !== 'external_account');
      await saveSimulatedDocument(shopId, db, accountId, doc, clock.now());
      return external;
    },
    updatePayoutSchedule: async (accountId, schedule) => {
      const { shopId, doc } = await load(accountId);
      const settings = doc.settings as { payouts: { schedule: Record<string, unknown> } };
      settings.payouts.schedule = {
        interval: schedule.interval,
        delay_days: schedule.interval === 'daily' ? 2 : (settings.payouts.schedule.delay_days ?? 2),
        weekly_anchor: schedule.weekly_anchor ?? null,
        monthly_anchor: schedule.monthly_anchor ?? null,
      };
      await saveSimulatedDocument(shopId, db, accountId, doc, clock.now());
      return publicView(doc);
    },
    listPayouts: async (accountId, { limit, startingAfter }) => {
      const { doc } = await load(accountId);
      const all = [...((doc.simulated as { payouts: Payout[] }).payouts ?? [])].sort((a, b) => b.created - a.created);
      const from = startingAfter ? all.findIndex((p) => p.id === startingAfter) + 1 : 0;
      const data = all.slice(from, from + limit);
      return { data, has_more: from + limit < all.length } satisfies PayoutList;
    },
    retrieveBalance: async (accountId) => ((await load(accountId)).doc.simulated as { balance: Balance }).balance,
    listBalanceTransactions: async (accountId, { limit, startingAfter, payout }) => {
      const { doc } = await load(accountId);
      if (payout) return payoutTransactions(doc, payout, (page) => ledger.page(accountId, page));
      const unknown = () =>
        badRequest(
          `No such balance transaction: '${startingAfter}'`,
          { starting_after: `No such balance transaction: '${startingAfter}'` },
          'STRIPE_RESOURCE_MISSING',
        );
      if (startingAfter && !startingAfter.startsWith('txn_')) throw unknown();
      const page = await ledger.page(accountId, { limit, startingAfter: startingAfter?.slice('txn_'.length) });
      if (!page) throw unknown();
      const delay = (doc.settings as { payouts: { schedule: { delay_days?: unknown } } }).payouts.schedule.delay_days;
      return {
        data: page.rows.map((r) => balanceTransaction(r, typeof delay === 'number' ? delay : 2, nowSeconds())),
        has_more: page.hasMore,
      };
    },
  };
}

/**
 * The simulated OAuth page's work: a new authorization code for the shop, recorded so that it can be exchanged once,
 * within a few minutes, and only for that shop.
 */
export async function issueSimulatedOAuthCode(db: Db, clock: Clock, shopId: string): Promise<string> {
  const code = `sim_code_${crypto.randomBytes(8).toString('hex')}`;
  const now = clock.now();
  await issueSimulatedCode(shopId, db, code, new Date(now.getTime() + SIMULATED_CODE_TTL_MS), now);
  return code;
}

/** The simulated onboarding page's work: the account's details submitted and its requirements met. */
export async function completeSimulatedOnboarding(db: Db, clock: Clock, accountId: string): Promise<void> {
  const row = await simulatedDocument(db, accountId);
  if (!row?.doc) return;
  const doc = row.doc as RawAccount;
  const hasBank = ((doc.external_accounts as { data: unknown[] })?.data ?? []).length > 0;
  const due = hasBank ? [] : ['external_account'];
  Object.assign(doc, {
    charges_enabled: true,
    payouts_enabled: hasBank,
    details_submitted: true,
    capabilities: { card_payments: 'active', transfers: 'active' },
    individual: onboardedIndividual(String(doc.email ?? '')),
    business_profile: { ...(doc.business_profile as object), url: 'https://example.com' },
    requirements: { past_due: [], currently_due: due, eventually_due: due, disabled_reason: null },
  });
  await saveSimulatedDocument(row.shopId, db, accountId, doc, clock.now());
}
