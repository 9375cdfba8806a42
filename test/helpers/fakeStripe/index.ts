import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import * as fixtures from './fixtures';
import { bankTokens } from './tokens';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form body, keys as Stripe encodes them (settings[payouts][schedule][interval]). */
  body: Record<string, string>;
}

export type StripeObject = Record<string, unknown> & { id: string; created: number };

export interface FakeStripe {
  /** http://127.0.0.1:port, for STRIPE_API_BASE. */
  url: string;
  requests: RecordedRequest[];
  /** Refunds actually created (an Idempotency-Key replay does not create one). */
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Events GET /v1/events lists, by the Stripe-Account header they belong to. */
  events: Map<string, Record<string, unknown>[]>;
  /**
   * PaymentIntents and refunds GET /v1/payment_intents and /v1/refunds list, by Stripe-Account: those the POSTs
   * created (stamped with `now()`), and any a test puts there.
   */
  paymentIntents: Map<string, StripeObject[]>;
  accountRefunds: Map<string, StripeObject[]>;
  /** Stripe's clock in Unix seconds (default: real time); a test sets it to its app's clock. */
  now: () => number;
  /** The next request to `path` (e.g. 'POST /v1/accounts/acct_1/external_accounts') answers this instead. */
  failNext(route: string, status: number, body: unknown, times?: number): void;
  /** The next request to `route` waits this long before answering (a client timeout). */
  delayNext(route: string, ms: number): void;
  close(): Promise<void>;
}

/**
 * Stripe's list answer for GET requests: newest first, `created[gte|gt|lte|lt]` filters, `starting_after` (the items
 * after that id), `limit` (default 10, at most 100), `has_more`, `url`.
 */
export function listAnswer(all: StripeObject[], query: Record<string, string | undefined>, url: string) {
  const bound = (k: string) => (query[`created[${k}]`] === undefined ? undefined : Number(query[`created[${k}]`]));
  const [gte, gt, lte, lt] = ['gte', 'gt', 'lte', 'lt'].map(bound);
  const matching = all
    .filter(
      (o) =>
        (gte === undefined || o.created >= gte) &&
        (gt === undefined || o.created > gt) &&
        (lte === undefined || o.created <= lte) &&
        (lt === undefined || o.created < lt),
    )
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const from = query.starting_after ? matching.findIndex((o) => o.id === query.starting_after) + 1 : 0;
  const limit = Math.min(Number(query.limit ?? 10), 100);
  return { object: 'list', data: matching.slice(from, from + limit), has_more: from + limit < matching.length, url };
}

const errorBodyInUse = () =>
  fixtures.errorBody(
    'idempotency_error',
    'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
    { code: 'idempotency_key_in_use' },
  );

/**
 * An in-process Stripe for tests: answers the calls Servery makes with recorded bodies (fixtures.ts), records every
 * request with its headers, and can be told to fail or stall a route. Idempotency-Key replays answer the first
 * answer again, as Stripe does.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const app: FastifyInstance = Fastify();
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, { status: number; body: unknown; times: number }>();
  const delays = new Map<string, number>();
  const idempotent = new Map<string, unknown>();
  /** Keys whose first request is still being handled: Stripe answers a concurrent retry 409, which the SDK retries. */
  const inFlight = new Set<string>();
  const refunds: FakeStripe['refunds'] = [];
  const events: FakeStripe['events'] = new Map();
  const paymentIntents: FakeStripe['paymentIntents'] = new Map();
  const accountRefunds: FakeStripe['accountRefunds'] = new Map();
  const of = (store: Map<string, StripeObject[]>, account: unknown) => {
    const key = String(account ?? '');
    if (!store.has(key)) store.set(key, []);
    return store.get(key)!;
  };
  const fake = { now: () => Math.floor(Date.now() / 1000) };
  let accountSeq = 0;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.addHook('preHandler', async (req, reply) => {
    const path = req.url.split('?')[0];
    const route = `${req.method} ${path}`;
    requests.push({ method: req.method, path: req.url, headers: { ...req.headers }, body: (req.body as Record<string, string>) ?? {} });
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && idempotent.has(key))
      return reply.status(200).header('idempotent-replayed', 'true').send(idempotent.get(key));
    if (typeof key === 'string' && inFlight.has(key)) {
      return reply.status(409).send(errorBodyInUse());
    }
    if (typeof key === 'string' && req.method === 'POST') inFlight.add(key);
    const delay = delays.get(route);
    if (delay) {
      delays.delete(route);
      await new Promise((r) => setTimeout(r, delay));
    }
    const failure = failures.get(route);
    if (failure) {
      if (--failure.times <= 0) failures.delete(route);
      if (typeof key === 'string') inFlight.delete(key);
      return reply.status(failure.status).send(failure.body);
    }
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string' && inFlight.has(key) && typeof payload === 'string') {
      inFlight.delete(key);
      idempotent.set(key, JSON.parse(payload));
    }
    return payload;
  });

  const accounts = new Map<string, ReturnType<typeof fixtures.account>>();
  const accountOf = (id: string) => {
    if (!accounts.has(id)) accounts.set(id, fixtures.account(id));
    return accounts.get(id)!;
  };
  const missing = (id: string) =>
    fixtures.errorBody('invalid_request_error', `No such account: '${id}'`, { code: 'resource_missing', param: 'account' });

  app.post('/v1/accounts', async (req) => {
    const body = req.body as Record<string, string>;
    const id = `acct_1Fake${String(++accountSeq).padStart(10, '0')}`;
    const a = accountOf(id);
    Object.assign(a, {
      country: body.country ?? a.country,
      email: body.email ?? a.email,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    });
    a.requirements.currently_due = ['external_account', 'individual.dob.day', 'tos_acceptance.date'];
    return a;
  });
  app.get<{ Params: { id: string } }>('/v1/accounts/:id', async (req, reply) =>
    req.params.id.startsWith('acct_missing') ? reply.status(404).send(missing(req.params.id)) : accountOf(req.params.id),
  );
  app.post<{ Params: { id: string } }>('/v1/accounts/:id', async (req) => {
    const body = req.body as Record<string, string>;
    const a = accountOf(req.params.id);
    const schedule: Record<string, unknown> = {
      interval: body['settings[payouts][schedule][interval]'],
      delay_days: a.settings.payouts.schedule.delay_days,
    };
    if (body['settings[payouts][schedule][weekly_anchor]']) schedule.weekly_anchor = body['settings[payouts][schedule][weekly_anchor]'];
    if (body['settings[payouts][schedule][monthly_anchor]'])
      schedule.monthly_anchor = Number(body['settings[payouts][schedule][monthly_anchor]']);
    a.settings.payouts.schedule = schedule as typeof a.settings.payouts.schedule;
    return a;
  });
  const tokens = bankTokens(app);
  app.post<{ Params: { id: string } }>('/v1/accounts/:id/external_accounts', async (req, reply) => {
    const token = (req.body as Record<string, string>).external_account ?? '';
    if (token.startsWith('tok_')) return fixtures.card(req.params.id);
    if (!token.startsWith('btok_'))
      return reply
        .status(400)
        .send(
          fixtures.errorBody('invalid_request_error', `No such token: '${token}'`, { code: 'resource_missing', param: 'external_account' }),
        );
    return tokens.attach(accountOf(req.params.id), token) ?? fixtures.bankAccount(req.params.id);
  });
  app.post('/v1/account_links', async (req) => fixtures.accountLink((req.body as Record<string, string>).type));
  app.get('/v1/payouts', async () => fixtures.payouts());
  app.get('/v1/balance', async () => fixtures.balance());
  app.post('/oauth/token', async (req, reply) => {
    const code = (req.body as Record<string, string>).code;
    if (code !== 'ac_good')
      return reply.status(400).send({ error: 'invalid_grant', error_description: `Authorization code does not exist: ${code}` });
    return fixtures.oauthToken('acct_1OauthConnected01');
  });
  app.post('/oauth/deauthorize', async (req) => ({ stripe_user_id: (req.body as Record<string, string>).stripe_user_id }));

  let seq = 0;
  app.post('/v1/payment_intents', async (req, reply) => {
    const body = req.body as Record<string, string>;
    const token = body['payment_method_data[card][token]'] ?? body.payment_method;
    if (token === 'tok_chargeDeclined') {
      return reply
        .status(402)
        .send(fixtures.errorBody('card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline' }));
    }
    const status = body.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    const pi = {
      ...fixtures.paymentIntent(
        `pi_1GO8aB${String(++seq).padStart(8, '0')}`,
        Number(body.amount),
        body.currency,
        status,
        body.application_fee_amount ? Number(body.application_fee_amount) : null,
      ),
      created: fake.now(),
      metadata: Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : []))),
    };
    of(paymentIntents, req.headers['stripe-account']).push(pi);
    return pi;
  });
  app.post('/v1/refunds', async (req) => {
    const body = req.body as Record<string, string>;
    const r = {
      ...fixtures.refund(`re_1GO9${String(++seq).padStart(10, '0')}`, body.payment_intent, Number(body.amount ?? 2450), 'aud'),
      created: fake.now(),
    };
    refunds.push({ id: r.id, payment_intent: r.payment_intent, amount: r.amount });
    of(accountRefunds, req.headers['stripe-account']).push(r);
    return r;
  });
  type ListQuery = { Querystring: Record<string, string | undefined> };
  // An account whose name starts acct_revoked has taken the platform's access away: Stripe answers 403.
  const revoked = (account: unknown) =>
    fixtures.errorBody(
      'invalid_request_error',
      `The provided key 'sk_test_********************ever' does not have access to account '${String(account)}' (or that account does not exist). Application access may have been revoked.`,
    );
  for (const [path, store] of [
    ['/v1/payment_intents', paymentIntents],
    ['/v1/refunds', accountRefunds],
  ] as const) {
    app.get<ListQuery>(path, async (req, reply) => {
      const account = req.headers['stripe-account'];
      if (String(account).startsWith('acct_revoked')) return reply.status(403).send(revoked(account));
      return listAnswer(of(store, account), req.query, path);
    });
  }
  app.get<ListQuery>('/v1/balance_transactions', async (req) =>
    listAnswer(fixtures.balanceTransactions(), req.query, '/v1/balance_transactions'),
  );

  app.get('/v1/events', async (req) => {
    const data = events.get(String(req.headers['stripe-account'] ?? '')) ?? [];
    return { object: 'list', data, has_more: false, url: '/v1/events' };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    events,
    paymentIntents,
    accountRefunds,
    get now() {
      return fake.now;
    },
    set now(fn: () => number) {
      fake.now = fn;
    },
    failNext: (route, status, body, times = 1) => void failures.set(route, { status, body, times }),
    delayNext: (route, ms) => void delays.set(route, ms),
    close: () => app.close(),
  };
}
