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
import { addDays, localDate, startOfDay } from '../../../domain/hours';
import { isPayoutDay, nextPayoutDay, type ScheduleOfPayouts } from '../../../domain/payoutSchedule';

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
 * onboarding requirements due, which the simulated onboarding page fills in. Its balance and payouts are the
 * simulated ledger's (what it charged and refunded), never made up, so the pages that show them agree.
 */
function newAccount(
  accountId: string,
  mode: 'standard' | 'custom',
  shop: { name: string; country: string; email: string },
  now: number,
): RawAccount {
  const currency = currencyOf(shop.country);
  const onboarded = mode === 'standard';
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
    // Its payouts, made from the ledger as the schedule comes round (settle below).
    simulated: { payouts: [] },
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
 * What a simulated payout paid out: the ledger's money that became available after the payout before it, up to its
 * own creation (a payout not of this account is Stripe's 'No such payout').
 */
async function payoutTransactions(
  doc: RawAccount,
  payoutId: string,
  moved: (after: Date | null, until: Date) => Promise<LedgerRow[]>,
): Promise<{ data: BalanceTransaction[]; has_more: boolean }> {
  const payouts = payoutsOf(doc);
  const at = payouts.findIndex((p) => p.id === payoutId);
  if (at === -1) throw badRequest(`No such payout: '${payoutId}'`, { payout: `No such payout: '${payoutId}'` }, 'STRIPE_RESOURCE_MISSING');
  const before = payouts[at + 1];
  const rows = await moved(before ? new Date(before.created * 1000) : null, new Date(payouts[at]!.created * 1000));
  const data = rows.map((r): BalanceTransaction => {
    const amount = r.object === 'charge' ? r.amount : -r.amount;
    return {
      id: `txn_${r.id}`,
      amount,
      currency: r.currency,
      type: r.object,
      description: r.description,
      created: Math.floor(r.createdAt.getTime() / 1000),
      status: 'available',
      fee: 0,
      net: amount,
      paymentId: r.object === 'charge' ? r.id : r.paymentId,
    };
  });
  return { data: data.reverse(), has_more: false };
}

/** The account's payouts, newest first. */
const payoutsOf = (doc: RawAccount): Payout[] =>
  [...((doc.simulated as { payouts?: Payout[] } | undefined)?.payouts ?? [])].sort((a, b) => b.created - a.created);
const scheduleOf = (doc: RawAccount) =>
  (doc.settings as { payouts?: { schedule?: ScheduleOfPayouts & { delay_days?: unknown } } } | undefined)?.payouts?.schedule ?? {};
/** Days from a charge to its money being available (Stripe's delay_days; the simulated accounts' minimum is 2). */
const delayOf = (doc: RawAccount) => {
  const delay = scheduleOf(doc).delay_days;
  return typeof delay === 'number' ? delay : 2;
};
/** The instant of the account's last payout: what became available after it is the available balance. */
const lastPayoutAt = (doc: RawAccount) => {
  const last = payoutsOf(doc)[0];
  return last ? new Date(last.created * 1000) : null;
};

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

  /**
   * Makes the payouts the schedule has come round for since the last one, as an automatic payout would: on each
   * payout day (as it starts, in the shop's zone) the money available by then, when there is any. Ids are made from
   * the account and the day, so two readers settling at once write the same payouts. Answers whether it changed.
   */
  async function settle(accountId: string, doc: RawAccount, timeZone: string): Promise<boolean> {
    const history = doc.simulated as { payouts?: Payout[]; balance?: unknown };
    let changed = false;
    if (history.balance !== undefined || !Array.isArray(history.payouts)) {
      // An account made before its payouts came from the ledger had a made-up history that no order explains.
      delete history.balance;
      history.payouts = [];
      changed = true;
    }
    if (!doc.payouts_enabled) return changed;
    const now = clock.now();
    const schedule = scheduleOf(doc);
    const due = await ledger.dueByDay(accountId, { delayDays: delayOf(doc), after: lastPayoutAt(doc), until: now, timeZone });
    const today = localDate(now, timeZone);
    let carried = 0;
    let next = 0;
    for (let day = due[0]?.day; day && day <= today; day = addDays(day, 1)) {
      while (next < due.length && due[next]!.day <= day) carried += due[next++]!.net;
      if (carried <= 0 || !isPayoutDay(schedule, day)) continue;
      const at = Math.floor(startOfDay(day, timeZone).getTime() / 1000);
      const digest = crypto.createHash('sha256').update(`${accountId}:${day}`).digest('hex').slice(0, 16);
      history.payouts!.push({
        id: `po_sim${digest}`,
        amount: carried,
        currency: String(doc.default_currency),
        description: 'STRIPE PAYOUT',
        created: at,
        arrival_date: at,
        status: 'paid',
      });
      carried = 0;
      changed = true;
    }
    return changed;
  }

  async function load(accountId: string): Promise<{ shopId: string; doc: RawAccount; timeZone: string }> {
    const row = await simulatedDocument(db, accountId);
    if (!row) throw new AppError(404, messages.noConnectedAccount, 'STRIPE_ACCOUNT_MISSING');
    // The shop's name, country and owner's e-mail only make a new account's document.
    const doc = (row.doc as RawAccount | null) ?? newAccount(accountId, row.mode, await shopForStripe(row.shopId, db), nowSeconds());
    if ((await settle(accountId, doc, row.timezone)) || !row.doc) await saveSimulatedDocument(row.shopId, db, accountId, doc, clock.now());
    return { shopId: row.shopId, doc, timeZone: row.timezone };
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
      const all = payoutsOf((await load(accountId)).doc);
      const from = startingAfter ? all.findIndex((p) => p.id === startingAfter) + 1 : 0;
      const data = all.slice(from, from + limit);
      return { data, has_more: from + limit < all.length } satisfies PayoutList;
    },
    /**
     * From the ledger, as the payouts are: available is what became available since the last payout, pending the
     * charges still waiting out the delay (with how many there are), and the next payout the schedule makes, with
     * what it would pay if nothing else were charged or refunded before it.
     */
    retrieveBalance: async (accountId) => {
      const { doc, timeZone } = await load(accountId);
      const now = clock.now();
      const currency = String(doc.default_currency);
      const window = { delayDays: delayOf(doc), after: lastPayoutAt(doc) };
      const available = await ledger.net(accountId, { ...window, until: now });
      const pending = await ledger.pending(accountId, window.delayDays, now);
      const day = doc.payouts_enabled ? nextPayoutDay(scheduleOf(doc), now, timeZone) : null;
      const paid = day ? await ledger.net(accountId, { ...window, until: startOfDay(day, timeZone) }) : 0;
      return {
        available: [{ amount: available, currency }],
        pending: [{ amount: pending.amount, currency }],
        pending_charges: pending,
        next_payout: day ? { date: day, amount: Math.max(0, paid) } : null,
      } satisfies Balance;
    },
    listBalanceTransactions: async (accountId, { limit, startingAfter, payout }) => {
      const { doc } = await load(accountId);
      if (payout)
        return payoutTransactions(doc, payout, (after, until) =>
          ledger.availableBetween(accountId, { delayDays: delayOf(doc), after, until }),
        );
      const unknown = () =>
        badRequest(
          `No such balance transaction: '${startingAfter}'`,
          { starting_after: `No such balance transaction: '${startingAfter}'` },
          'STRIPE_RESOURCE_MISSING',
        );
      if (startingAfter && !startingAfter.startsWith('txn_')) throw unknown();
      const page = await ledger.page(accountId, { limit, startingAfter: startingAfter?.slice('txn_'.length) });
      if (!page) throw unknown();
      return {
        data: page.rows.map((r) => balanceTransaction(r, delayOf(doc), nowSeconds())),
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
