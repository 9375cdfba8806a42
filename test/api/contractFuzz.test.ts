import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, shopWorld, type ShopWorld } from '../helpers/shopWorld';
import type { TestUser } from '../helpers/users';

/*
 * Every operation of the served OpenAPI document, called with bounded generated parameters and bodies built from its
 * own schemas (mostly valid, some with a wrong type or a field missing), as the owner, the platform's staff or
 * anonymously: none may answer 5xx. Seeded, so a run is repeatable; see docs/design-notes.md to reproduce a failure.
 */

/** The seed of every operation's run (each operation adds its index, so adding one does not reshuffle the others). */
const SEED = 20_240_533;
/** Requests per operation: enough to reach every branch of a schema's generator, few enough to run in about a minute. */
const RUNS_PER_OPERATION = 12;
/** The years generated dates fall in: every year ISO 8601 writes with four digits, well past the API's 2000–2100. */
const GENERATED_YEARS = { min: 1, max: 9999 };

/** Operations not called, and why. */
const SKIPPED: Record<string, string> = {
  'GET /api/shops/{shopId}/events': 'a Server-Sent Events stream stays open; test/api/orders/events.test.ts covers it',
};

type Json = Record<string, unknown>;
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Json;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}
interface Request {
  method: string;
  url: string;
  caller: 'owner' | 'superAdmin' | 'anonymous';
  headers: Record<string, string>;
  payload?: unknown;
}

let world: ShopWorld;
let doc: Document;
beforeAll(async () => {
  world = await shopWorld();
  await publish(world.ctx, world.shop.id);
  doc = (await world.ctx.app.inject({ url: '/api/openapi.json' })).json() as Document;
});
afterAll(async () => world.ctx.close());

const junk = fc.jsonValue({ maxDepth: 2 });
const text = (min = 0, max = 40) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }) },
  );
const instant = () =>
  fc
    .date({
      min: new Date(`${String(GENERATED_YEARS.min).padStart(4, '0')}-01-01T00:00:00Z`),
      max: new Date(`${GENERATED_YEARS.max}-12-31T23:59:59Z`),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString());

/** A value of `schema` (JSON Schema as the document writes it), bounded in size and depth. */
function valueOf(schema: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return junk;
  if (typeof schema.$ref === 'string') return valueOf(doc.components?.schemas?.[schema.$ref.split('/').pop()!], depth + 1);
  const nullable = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.oneof({ weight: 5, arbitrary: a }, fc.constant(null)) : a);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return nullable(fc.oneof(...union.map((m) => valueOf(m, depth + 1))));
  if (Array.isArray(schema.allOf)) return valueOf(schema.allOf[0] as Json, depth + 1);
  switch (schema.type) {
    case 'string':
      return nullable(stringOf(schema));
    case 'integer':
      return nullable(fc.integer({ min: (schema.minimum as number) ?? -1000, max: (schema.maximum as number) ?? 1_000_000 }));
    case 'number':
      return nullable(
        fc.oneof(
          fc.integer({ min: -100, max: 10_000 }).map((n) => n / 100),
          fc.double({ min: (schema.minimum as number) ?? -1e9, max: (schema.maximum as number) ?? 1e9, noNaN: true }),
        ),
      );
    case 'boolean':
      return nullable(fc.boolean());
    case 'array':
      return nullable(
        fc.array(valueOf(schema.items as Json, depth + 1), {
          minLength: Math.min((schema.minItems as number) ?? 0, 4),
          maxLength: Math.min((schema.maxItems as number) ?? 4, 4),
        }),
      );
    case 'object':
      return nullable(objectOf(schema, depth));
    default:
      return schema.properties ? objectOf(schema, depth) : junk;
  }
}

function stringOf(schema: Json): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date-time':
      return instant();
    case 'date':
      return instant().map((s) => s.slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
  }
  return text((schema.minLength as number) ?? 0, Math.min((schema.maxLength as number) ?? 40, 60));
}

function objectOf(schema: Json, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const shape = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valueOf(s, depth + 1)]));
  return fc.record(shape, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
}

/** Mostly what the schema describes; now and then a wrong type, or the value with one field left out. */
const bodyOf = (schema: Json | undefined) =>
  fc.oneof(
    { weight: 6, arbitrary: valueOf(schema) },
    { weight: 1, arbitrary: junk },
    {
      weight: 1,
      arbitrary: valueOf(schema).chain((v) => {
        if (!v || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length === 0) return fc.constant(v);
        return fc.constantFrom(...Object.keys(v)).map((k) => Object.fromEntries(Object.entries(v).filter(([key]) => key !== k)));
      }),
    },
  );

/** A path parameter: the world's own shop (mostly), another tenant's, an id that exists nowhere, or junk. */
const pathValue = (p: Parameter) => {
  if (p.name === 'shopId')
    return fc.oneof({ weight: 6, arbitrary: fc.constant(world.shop.id) }, fc.constant(world.otherShop.id), fc.uuid(), text(1, 12));
  return fc.oneof({ weight: 3, arbitrary: stringOf(p.schema ?? {}) }, fc.uuid(), text(1, 12));
};

/** ra-data-simple-rest's list parameters: JSON in a string, as the console sends them, or anything else. */
const LIST_PARAMS: Record<string, fc.Arbitrary<string>> = {
  range: fc.tuple(fc.integer({ min: -1, max: 600 }), fc.integer({ min: -1, max: 600 })).map((r) => JSON.stringify(r)),
  sort: fc.tuple(fc.constantFrom('id', 'name', 'createdAt', 'placedAt', 'x'), fc.constantFrom('ASC', 'DESC')).map((t) => JSON.stringify(t)),
  filter: fc
    .dictionary(fc.constantFrom('q', 'id', 'status', 'from', 'to'), fc.oneof(text(0, 10), fc.integer()))
    .map((f) => JSON.stringify(f)),
};
const queryValue = (p: Parameter) =>
  LIST_PARAMS[p.name] ? fc.oneof({ weight: 3, arbitrary: LIST_PARAMS[p.name] }, fc.constant(''), text()) : valueOf(p.schema);

function requestOf(method: string, template: string, op: Operation): fc.Arbitrary<Request> {
  const params = op.parameters ?? [];
  const path = fc.record(Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(p)])));
  const optional = (p: Parameter) => (p.required ? queryValue(p) : fc.option(queryValue(p), { nil: undefined }));
  const query = fc.record(Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, optional(p)])));
  const headers = fc.record(Object.fromEntries(params.filter((p) => p.in === 'header').map((p) => [p.name, optional(p)])));
  const json = op.requestBody?.content?.['application/json'];
  const payload = json ? bodyOf(json.schema) : fc.constant(undefined);
  const caller = fc.constantFrom('owner', 'owner', 'owner', 'superAdmin', 'anonymous') as fc.Arbitrary<Request['caller']>;
  return fc.record({ path, query, headers, payload, caller }).map(({ path, query, headers, payload, caller }) => {
    const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const sent: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) sent[k] = String(v);
    return { method, url: search.size ? `${url}?${search}` : url, caller, headers: sent, payload };
  });
}

const userOf = (caller: Request['caller']): TestUser | null =>
  caller === 'owner' ? world.owner : caller === 'superAdmin' ? world.superAdmin : null;

/** Sign-out last: it ends the owner's session, which every later operation would otherwise be refused for. */
const signsOut = (template: string) => template === '/api/auth/logout';

describe('every operation of the document, with generated input', () => {
  it('never answers 5xx', async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([template, item]) => Object.entries(item).map(([method, op]) => ({ template, method: method.toUpperCase(), op })))
      .sort((a, b) => Number(signsOut(a.template)) - Number(signsOut(b.template)));
    const failures: string[] = [];
    let called = 0;
    for (const [index, { template, method, op }] of operations.entries()) {
      if (SKIPPED[`${method} ${template}`]) continue;
      called++;
      // An earlier operation (a platform review's reject, a shop update) may have taken the shop off the storefront.
      await publish(world.ctx, world.shop.id);
      const details = await fc.check(
        fc.asyncProperty(requestOf(method, template, op), async (req) => {
          const user = userOf(req.caller);
          const json = req.payload === undefined ? {} : { 'content-type': 'application/json' };
          const res = await world.ctx.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: { ...req.headers, ...user?.headers, ...json },
            ...(req.payload === undefined ? {} : { payload: JSON.stringify(req.payload) }),
          });
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      if (details.failed)
        failures.push(
          `${method} ${template} (seed ${details.seed}, path "${details.counterexamplePath}"): ` +
            `${JSON.stringify(details.counterexample?.[0])} → ${details.errorInstance instanceof Error ? details.errorInstance.message : ''}`,
        );
    }
    expect(failures).toEqual([]);
    expect(called).toBeGreaterThan(100);
  });
});
