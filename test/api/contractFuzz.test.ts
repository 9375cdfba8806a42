import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyFrom, edgeBodies, exampleOf, stringOf, text, valueOf, type Json, type Resolve } from '../helpers/fuzzSchema';
import { fuzzWorld, resourceOf, restore, type Example, type FuzzWorld } from '../helpers/fuzzWorld';
import type { TestUser } from '../helpers/users';

/*
 * Every operation of the served OpenAPI document, called first with a valid request (the world's real ids, a body
 * built from the operation's schema or taken from the world's examples) as each kind of caller, then with each body
 * field at its edges, then with bounded generated variations: a field or two given a generated value of its schema
 * (dates across GENERATED_YEARS), a wrong type, a field left out, an unknown field, another tenant's or an unknown id.
 * None may answer 5xx, and every operation not listed in UNREACHED must answer 2xx at least once, so the fuzzer
 * keeps reaching handlers. Seeded, so a run is repeatable; see docs/design-notes.md to reproduce a failure.
 */

/** The seed of every operation's run (each operation adds its index, so adding one does not reshuffle the others). */
const SEED = 20_240_533;
/** Generated requests per operation, after its valid ones: enough to vary each field, few enough to run in a minute. */
const RUNS_PER_OPERATION = 16;

/** Operations not called, and why. */
const SKIPPED: Record<string, string> = {
  'GET /api/shops/{shopId}/events': 'a Server-Sent Events stream stays open; test/api/orders/events.test.ts covers it',
  'GET /api/storefront/shops/{shopId}/orders/{orderId}/events':
    'a Server-Sent Events stream stays open; test/api/orders/status.test.ts covers it',
};

/**
 * Operations no request of the fuzzer answers 2xx, and why. The test fails when one of them starts answering 2xx
 * (take it off) or another stops (the fuzzer went blind there: give it a valid example in test/helpers/fuzzWorld.ts).
 */
const NO_STRIPE = "the shop has no connected Stripe account (test/api/stripe connects one through the provider's flow)";
const MAILED_TOKEN = 'needs the token of a mail the fuzzer does not read';
const UNREACHED: Record<string, string> = {
  'GET /api/stripe/shops/{shopId}/account': NO_STRIPE,
  'DELETE /api/stripe/shops/{shopId}/account': NO_STRIPE,
  'GET /api/reports/shops/{shopId}/payouts': NO_STRIPE,
  'POST /api/stripe/shops/{shopId}/links/update': NO_STRIPE,
  'POST /api/stripe/shops/{shopId}/links/verification': NO_STRIPE,
  'POST /api/stripe/shops/{shopId}/external_account/{token}': NO_STRIPE,
  'POST /api/stripe/shops/{shopId}/authorize/return': 'needs the code Stripe returns and a state signed by authorize/url',
  'GET /api/stripe/oauth/return': 'redirects (3xx) whatever it is given',
  'POST /api/stripe/webhooks': 'needs a body signed with the webhook secret',
  'GET /s/{code}': 'a short link redirects (3xx)',
  'GET /api/auth/action': MAILED_TOKEN,
  'POST /api/auth/action': MAILED_TOKEN,
  'POST /api/auth/verify/resend': "every caller's email is verified",
  'POST /api/auth/login/two-factor': 'needs a code from an authenticator app (test/api/accounts/twoFactor.test.ts computes them)',
  'POST /api/me/two-factor/enable': 'needs a code from an authenticator app (test/api/accounts/twoFactor.test.ts computes them)',
  'POST /api/me/two-factor/disable': 'no caller has two-factor sign-in on',
  'POST /api/me/password': "needs the caller's current password, and would end the caller's other sessions (sessions.test.ts covers it)",
  'POST /api/build-runner/claim': "a build runner's token is no caller of the fuzzer",
  'POST /api/build-runner/builds/{buildId}/status': "a build runner's token is no caller of the fuzzer",
  'POST /api/cafes/{shopId}/orders/{orderId}/refund/retry': 'needs an order whose refund failed',
  'POST /api/platform/jobs/failed/{id}/retry': 'needs a job that failed',
  'POST /api/shops/{shopId}/alerts/{alertId}/resend': 'needs an alert whose delivery failed',
  'POST /api/shops/{shopId}/webhooks/{endpointId}/deliveries/{deliveryId}/resend':
    'needs a delivery, and a delivery would be sent to the internet (test/api/webhooks covers it on loopback)',
  'POST /api/shops/{shopId}/bookings/{bookingId}/no_show': 'needs an accepted booking whose time has come',
  'POST /api/uploads': 'multipart/form-data; the fuzzer sends JSON (test/api/infra/images covers uploads)',
  'PUT /api/whitelabel/apps/{bundleId}/files/{kind}': 'multipart/form-data; the fuzzer sends JSON (test/api/apps covers it)',
};

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Json;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}
type Caller = 'owner' | 'superAdmin' | 'anonymous';
const CALLERS: Caller[] = ['owner', 'superAdmin', 'anonymous'];
/** A path value: as is, or the world's thing of a kind (a fresh one when the request may change it). */
type PathValue = string | { real: string };
interface Request {
  method: string;
  template: string;
  path: Record<string, PathValue>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  caller: Caller;
  payload?: unknown;
}

let world: FuzzWorld;
let doc: Document;
const resolve: Resolve = (ref) => doc.components?.schemas?.[ref.split('/').pop()!];
beforeAll(async () => {
  world = await fuzzWorld();
  doc = (await world.ctx.app.inject({ url: '/api/openapi.json' })).json() as Document;
}, 60_000);
afterAll(async () => world?.ctx.close());

/** A path parameter: the example's or the world's real value (mostly), another tenant's shop, an unknown id, or junk. */
function pathValue(template: string, p: Parameter, example: Example): fc.Arbitrary<PathValue> {
  // Never empty: '/s/' is not the short link operation with an empty code, it is another address.
  const others = [fc.uuid(), text(1, 12), stringOf(p.schema ?? {}).filter((s) => s.length > 0)];
  if (p.name === 'shopId')
    return fc.oneof({ weight: 8, arbitrary: fc.constant(world.shop.id) }, fc.constant(world.otherShop.id), ...others);
  const kind = resourceOf(template, p.name);
  const known = example.path?.[p.name] ?? (kind ? { real: kind } : undefined);
  const real = known === undefined ? undefined : fc.constant<PathValue>(known);
  return real ? fc.oneof({ weight: 8, arbitrary: real }, ...others) : fc.oneof(...others);
}

/** ra-data-simple-rest's list parameters: JSON in a string, as the console sends them, or anything else. */
const LIST_PARAMS: Record<string, fc.Arbitrary<string>> = {
  range: fc.tuple(fc.integer({ min: -1, max: 600 }), fc.integer({ min: -1, max: 600 })).map((r) => JSON.stringify(r)),
  sort: fc.tuple(fc.constantFrom('id', 'name', 'createdAt', 'placedAt', 'x'), fc.constantFrom('ASC', 'DESC')).map((t) => JSON.stringify(t)),
  filter: fc
    .dictionary(fc.constantFrom('q', 'id', 'status', 'from', 'to'), fc.oneof(text(0, 10), fc.integer()))
    .map((f) => JSON.stringify(f)),
};
const queryValue = (p: Parameter) =>
  LIST_PARAMS[p.name] ? fc.oneof({ weight: 3, arbitrary: LIST_PARAMS[p.name] }, fc.constant(''), text()) : valueOf(p.schema, resolve);

const bodySchema = (op: Operation) => op.requestBody?.content?.['application/json']?.schema;
const hasBody = (op: Operation) => Boolean(op.requestBody?.content?.['application/json']);

/** The valid request of an example: real ids, required parameters and the body given or built from the schema. */
function validRequest(method: string, template: string, op: Operation, example: Example, caller: Caller): Request {
  const params = op.parameters ?? [];
  const path: Record<string, PathValue> = {};
  for (const p of params.filter((x) => x.in === 'path')) {
    const kind = resourceOf(template, p.name);
    path[p.name] =
      example.path?.[p.name] ?? (p.name === 'shopId' ? world.shop.id : kind ? { real: kind } : String(exampleOf(p.schema, resolve)));
  }
  const required = (where: Parameter['in']) =>
    Object.fromEntries(params.filter((p) => p.in === where && p.required).map((p) => [p.name, exampleOf(p.schema, resolve)]));
  const payload = hasBody(op) ? ('body' in example ? example.body : exampleOf(bodySchema(op), resolve)) : undefined;
  return {
    method,
    template,
    path,
    query: { ...required('query'), ...example.query },
    headers: { ...(required('header') as Record<string, string>), ...example.headers },
    caller,
    payload,
  };
}

/** Variations of an example's valid request; `reaching` are the callers its valid request was answered 2xx for. */
function requestOf(method: string, template: string, op: Operation, example: Example, reaching: Caller[]): fc.Arbitrary<Request> {
  const params = op.parameters ?? [];
  const path = fc.record(Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(template, p, example)])));
  const optional = (p: Parameter) => {
    const given = example.query?.[p.name];
    const value = given === undefined ? queryValue(p) : fc.oneof({ weight: 3, arbitrary: fc.constant(given) }, queryValue(p));
    return p.required ? value : fc.option(value, { nil: undefined });
  };
  const query = fc.record(Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, optional(p)])));
  const headers = fc
    .record(Object.fromEntries(params.filter((p) => p.in === 'header').map((p) => [p.name, optional(p)])))
    .map((h) => ({ ...example.headers, ...h }));
  const valid = validRequest(method, template, op, example, 'owner').payload;
  const payload = hasBody(op) ? bodyFrom(valid, bodySchema(op), resolve) : fc.constant(undefined);
  const caller = fc.oneof(...(reaching.length ? [{ weight: 3 * CALLERS.length, arbitrary: fc.constantFrom(...reaching) }] : []), {
    weight: 2,
    arbitrary: fc.constantFrom(...CALLERS),
  });
  return fc.record({ path, query, headers, payload, caller }).map((r) => ({
    method,
    template,
    ...r,
    headers: Object.fromEntries(Object.entries(r.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))),
  }));
}

const userOf = (caller: Caller): TestUser | null => (caller === 'owner' ? world.owner : caller === 'superAdmin' ? world.superAdmin : null);

/** The world's thing of a kind: the standing one to read, a fresh one for a request that may change or remove it. */
async function realValue(value: PathValue, method: string) {
  if (typeof value === 'string') return value;
  const make = method === 'GET' ? undefined : world.fresh[value.real];
  const made = make ? await make().catch(() => undefined) : undefined;
  return made ?? world.ids[value.real] ?? '00000000-0000-4000-8000-000000000000';
}

/** Sends a request; answers its status and what was sent, for a failure's message. */
async function send(req: Request) {
  const path: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.path)) path[k] = await realValue(v, req.method);
  const url = req.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name]));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) if (v !== undefined) search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const sent = search.size ? `${url}?${search}` : url;
  const json = req.payload === undefined ? {} : { 'content-type': 'application/json' };
  const res = await world.ctx.app.inject({
    method: req.method as 'GET',
    url: sent,
    headers: { ...req.headers, ...userOf(req.caller)?.headers, ...json },
    ...(req.payload === undefined ? {} : { payload: JSON.stringify(req.payload) }),
  });
  const request = `${req.method} ${sent} as ${req.caller}${req.payload === undefined ? '' : ` with ${JSON.stringify(req.payload)}`}`;
  return { status: res.statusCode, request, answer: res.body.slice(0, 300) };
}

/** Sign-out last: it ends the owner's session, which every later operation would otherwise be refused for. */
const signsOut = (template: string) => template === '/api/auth/logout';

describe('every operation of the document, with valid and generated input', () => {
  // Every operation in turn (about 16 runs each): its time grows with the API, past 90 s on a busy machine. No second
  // try: the first signs the owner out last, so a retry would only be refused.
  it('never answers 5xx, and reaches every handler it is expected to', { timeout: 480_000, retry: 0 }, async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([template, item]) => Object.entries(item).map(([method, op]) => ({ template, method: method.toUpperCase(), op })))
      .sort((a, b) => Number(signsOut(a.template)) - Number(signsOut(b.template)));
    const failures: string[] = [];
    const reached = new Set<string>();
    let called = 0;
    for (const [index, { template, method, op }] of operations.entries()) {
      const key = `${method} ${template}`;
      if (SKIPPED[key]) continue;
      called++;
      await restore(world);
      const examples = world.examples[key] ?? [{}];
      const reaching = new Map<Example, Caller[]>();
      for (const example of examples)
        for (const caller of CALLERS) {
          const { status, request, answer } = await send(validRequest(method, template, op, example, caller));
          if (status >= 500) failures.push(`${key}: ${request} → ${status} ${answer}`);
          if (status < 300) reaching.set(example, [...(reaching.get(example) ?? []), caller]);
        }
      if (reaching.size) reached.add(key);
      // Each field of a valid body at its edges, as the caller it reached the handler for: bounds are where bugs hide.
      for (const [example, callers] of reaching)
        for (const payload of hasBody(op)
          ? edgeBodies(validRequest(method, template, op, example, callers[0]).payload, bodySchema(op), resolve)
          : []) {
          const { status, request, answer } = await send({ ...validRequest(method, template, op, example, callers[0]), payload });
          if (status >= 500) failures.push(`${key}: ${request} → ${status} ${answer}`);
        }
      const examplesToVary = reaching.size ? [...reaching.keys()] : examples;
      const requests = fc
        .constantFrom(...examplesToVary)
        .chain((example) => requestOf(method, template, op, example, reaching.get(example) ?? []));
      const details = await fc.check(
        fc.asyncProperty(requests, async (req) => {
          const { status, request, answer } = await send(req);
          if (status < 300) reached.add(key);
          if (status >= 500) throw new Error(`${request} → ${status} ${answer}`);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      if (details.failed)
        failures.push(
          `${key} (seed ${details.seed}, path "${details.counterexamplePath}"): ` +
            `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
        );
    }
    const withBody = operations.filter(({ op, template, method }) => hasBody(op) && !SKIPPED[`${method} ${template}`]);
    console.log(
      `API fuzzer: ${reached.size} of ${called} operations answered 2xx at least once ` +
        `(${withBody.filter(({ method, template }) => reached.has(`${method} ${template}`)).length} of the ${withBody.length} with a JSON body)`,
    );
    expect(failures).toEqual([]);
    expect(called).toBeGreaterThan(100);
    const unreached = operations.map(({ method, template }) => `${method} ${template}`).filter((k) => !SKIPPED[k] && !reached.has(k));
    expect(unreached.sort()).toEqual(Object.keys(UNREACHED).sort());
  });
});
