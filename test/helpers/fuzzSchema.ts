import fc from 'fast-check';

/*
 * JSON Schema (as the served OpenAPI document writes it) turned into fast-check input for the API fuzzer: a plain
 * valid value to start from, generated values of a field's schema (bounds and their neighbours included), and
 * bodies that are a valid one with one or two fields changed, so most requests get past validation to the handler.
 */

export type Json = Record<string, unknown>;
/** Resolves a `$ref` of the document. */
export type Resolve = (ref: string) => Json | undefined;

/** The years generated dates fall in: every year ISO 8601 writes with four digits, well past the API's 2000–2100. */
export const GENERATED_YEARS = { min: 1, max: 9999 };

export const junk = fc.jsonValue({ maxDepth: 2 });
/** Values of the wrong type for almost any field. */
const wrongType = fc.constantFrom<unknown>(null, 0, -1, 1.5, 1e21, '', 'x', '\u0000', true, [], {}, [1, 'a'], { a: 1 });

export const text = (min = 0, max = 40) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }) },
  );

/** Years where dates break: two-digit years a driver may read as 19xx, the epoch, centuries, the API's bounds, the last. */
const EDGE_YEARS = [1, 20, 99, 100, 999, 1000, 1899, 1900, 1969, 1970, 1999, 2000, 2100, 2101, 9998, 9999];

/** An ISO instant: any moment of GENERATED_YEARS, or one in a year where dates break (a leap day now and then). */
export const instant = () =>
  fc.oneof(
    fc
      .date({
        min: new Date(`${String(GENERATED_YEARS.min).padStart(4, '0')}-01-01T00:00:00Z`),
        max: new Date(`${GENERATED_YEARS.max}-12-31T23:59:59Z`),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
    fc
      .tuple(fc.constantFrom(...EDGE_YEARS), fc.constantFrom('01-01', '02-29', '12-31'), fc.constantFrom('00:00:00', '23:59:59'))
      .map(([y, day, time]) => `${String(y).padStart(4, '0')}-${day}T${time}.000Z`),
  );

/** Strings a `pattern` of the document commonly accepts, tried in order for a valid value. */
const PATTERN_CANDIDATES = [
  '2030-01-01T00:00:00.000Z',
  '2030-01-01',
  '12:00',
  '00000000-0000-4000-8000-000000000000',
  'fuzz-code',
  'com.servery.fuzz',
  '/shops',
  '+61400000001',
  'abcd',
  'ABCD',
  '1234',
  'a',
];
const SAMPLE_TEXT = 'Fuzzed text that reads like any other. ';

function deref(schema: Json | undefined, resolve: Resolve, depth = 0): Json | undefined {
  if (schema && typeof schema.$ref === 'string' && depth < 10) return deref(resolve(schema.$ref), resolve, depth + 1);
  return schema;
}

const union = (schema: Json) => (schema.anyOf ?? schema.oneOf) as Json[] | undefined;

/** A plain valid value of `schema`: required fields only, lengths and bounds respected, formats and simple patterns met. */
export function exampleOf(input: Json | undefined, resolve: Resolve, depth = 0): unknown {
  const schema = deref(input, resolve);
  if (!schema || depth > 8) return undefined;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).find((v) => v !== null) ?? null;
  if (union(schema)) return exampleOf(union(schema)![0], resolve, depth + 1);
  if (Array.isArray(schema.allOf)) return exampleOf(schema.allOf[0] as Json, resolve, depth + 1);
  switch (schema.type) {
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return clamp(1, schema.minimum as number | undefined, schema.maximum as number | undefined);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: (schema.minItems as number) ?? 0 }, () => exampleOf(schema.items as Json, resolve, depth + 1));
    default: {
      if (schema.type !== 'object' && !schema.properties) return schema.nullable ? null : undefined;
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required as string[] | undefined) ?? [];
      return Object.fromEntries(required.map((k) => [k, exampleOf(properties[k], resolve, depth + 1)]));
    }
  }
}

const clamp = (n: number, min = -Infinity, max = Infinity) => Math.min(Math.max(n, min), max);

function stringExample(schema: Json): string {
  switch (schema.format) {
    case 'date-time':
      return '2030-01-01T00:00:00.000Z';
    case 'date':
      return '2030-01-01';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'email':
      return 'fuzz@example.com';
    case 'uri':
      return 'https://example.com/fuzz';
  }
  const min = (schema.minLength as number) ?? 1;
  const max = (schema.maxLength as number) ?? 40;
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern);
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && c.length >= min && c.length <= max);
    if (hit) return hit;
  }
  return SAMPLE_TEXT.repeat(Math.ceil(Math.max(min, 8) / SAMPLE_TEXT.length) + 1)
    .slice(0, clamp(Math.max(min, 12), min, max))
    .padEnd(min, 'x');
}

/** Generated values of `schema`, bounded in size and depth, with its bounds and the values just past them. */
export function valueOf(input: Json | undefined, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input, resolve);
  if (!schema || depth > 5) return junk;
  const nullable = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.oneof({ weight: 5, arbitrary: a }, fc.constant(null)) : a);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (union(schema)) return nullable(fc.oneof(...union(schema)!.map((m) => valueOf(m, resolve, depth + 1))));
  if (Array.isArray(schema.allOf)) return valueOf(schema.allOf[0] as Json, resolve, depth + 1);
  switch (schema.type) {
    case 'string':
      return nullable(stringOf(schema));
    case 'integer':
    case 'number':
      return nullable(numberOf(schema));
    case 'boolean':
      return nullable(fc.boolean());
    case 'array':
      return nullable(
        fc.array(valueOf(schema.items as Json, resolve, depth + 1), {
          minLength: Math.min((schema.minItems as number) ?? 0, 4),
          maxLength: Math.min((schema.maxItems as number) ?? 4, 4),
        }),
      );
    default: {
      if (schema.type !== 'object' && !schema.properties) return junk;
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const shape = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valueOf(s, resolve, depth + 1)]));
      return nullable(fc.record(shape, { requiredKeys: (schema.required as string[] | undefined) ?? [] }));
    }
  }
}

export function stringOf(schema: Json): fc.Arbitrary<string> {
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
  const min = (schema.minLength as number) ?? 0;
  const max = Math.min((schema.maxLength as number) ?? 40, 300);
  const at = (n: number) => fc.constant(SAMPLE_TEXT.repeat(Math.ceil(n / SAMPLE_TEXT.length) + 1).slice(0, n));
  return fc.oneof(
    { weight: 4, arbitrary: text(min, Math.min(max, 60)) },
    at(min),
    at(max),
    at(max + 1),
    ...(min > 0 ? [at(min - 1)] : []),
    fc.constant(stringExample(schema)),
  );
}

function numberOf(schema: Json): fc.Arbitrary<number> {
  const min = (schema.minimum as number) ?? -1000;
  const max = (schema.maximum as number) ?? 1_000_000;
  const integers = fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  const edges = fc.constantFrom(min, max, min - 1, max + 1, 0, -1);
  if (schema.type === 'integer') return fc.oneof({ weight: 3, arbitrary: integers }, edges);
  return fc.oneof(
    { weight: 2, arbitrary: integers },
    fc.integer({ min: -100, max: 10_000 }).map((n) => n / 100),
    fc.double({ min: Math.max(min, -1e12), max: Math.min(max, 1e12), noNaN: true }),
    edges,
    fc.constantFrom(0.001, 1e-7, 0.1 + 0.2),
  );
}

/** A schema for a value of an opaque body (`additionalProperties: {}`), read off the valid example's own value. */
function schemaOfValue(value: unknown): Json | undefined {
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number', minimum: -1000, maximum: 100_000 };
  if (typeof value === 'string') {
    if (/^\d{4}-\d\d-\d\dT/.test(value)) return { type: 'string', format: 'date-time' };
    if (/^\d{4}-\d\d-\d\d$/.test(value)) return { type: 'string', format: 'date' };
    return { type: 'string', maxLength: Math.max(value.length * 2, 8) };
  }
  return undefined;
}

export interface Field {
  path: (string | number)[];
  schema: Json | undefined;
  /** The field is in the valid body (else it is an optional one the schema names). */
  present: boolean;
}

/** The member of a union `value` belongs to: the one whose single-value enums it matches (a discriminator), else the first. */
function memberFor(schema: Json, value: unknown, resolve: Resolve): Json {
  const members = union(schema)!.map((m) => deref(m, resolve) ?? {});
  if (!value || typeof value !== 'object') return members[0];
  const v = value as Json;
  return (
    members.find((m) =>
      Object.entries((m.properties ?? {}) as Record<string, Json>).every(
        ([k, p]) => !Array.isArray(p.enum) || p.enum.length !== 1 || v[k] === p.enum[0],
      ),
    ) ?? members[0]
  );
}

/** Every field of `value` (nested objects and each array's first element) and every optional field its schema names. */
export function fieldsOf(value: unknown, input: Json | undefined, resolve: Resolve, path: (string | number)[] = []): Field[] {
  let schema = deref(input, resolve);
  if (schema && union(schema)) schema = memberFor(schema, value, resolve);
  if (path.length > 4) return [];
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    const items = schema?.items as Json | undefined;
    return [{ path: [...path, 0], schema: items, present: true }, ...fieldsOf(value[0], items, resolve, [...path, 0])];
  }
  if (!value || typeof value !== 'object') return [];
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const fields: Field[] = [];
  for (const [k, v] of Object.entries(value as Json)) {
    const s = properties[k] ?? schemaOfValue(v);
    fields.push({ path: [...path, k], schema: s, present: true }, ...fieldsOf(v, s, resolve, [...path, k]));
  }
  for (const [k, s] of Object.entries(properties))
    if (!(k in (value as Json))) fields.push({ path: [...path, k], schema: s, present: false });
  return fields;
}

/** `value` with the field at `path` set to `to` (`undefined`: left out). */
export function setAt(value: unknown, path: (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  const copy: Json | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Json) };
  const next = setAt((copy as Json)[head as string], rest, to);
  if (next === undefined && !Array.isArray(copy)) delete (copy as Json)[head as string];
  else (copy as Json)[head as string] = next;
  return copy;
}

type Change = (body: unknown) => unknown;

/** Dates are where bugs behind validation hid: the fuzzer changes date fields more often than others. */
const isDate = (schema: Json | undefined, resolve: Resolve) => {
  const s = deref(schema, resolve);
  return s?.format === 'date-time' || s?.format === 'date';
};

/** One change to a valid body: a field given a generated value of its schema, a wrong type, or left out; or a field no schema names. */
function changeOf(fields: Field[], resolve: Resolve): fc.Arbitrary<Change> {
  const extra = fc.tuple(fc.constantFrom('unknownField', 'id', '__proto__', 'shopId', 'x'), junk).map(
    ([k, v]): Change =>
      (body) =>
        body && typeof body === 'object' && !Array.isArray(body) ? { ...body, [k]: v } : body,
  );
  if (fields.length === 0) return extra;
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.oneof(...fields.map((f) => ({ weight: isDate(f.schema, resolve) ? 3 : 1, arbitrary: fc.constant(f) }))).chain((f) =>
        valueOf(f.schema, resolve).map(
          (v): Change =>
            (body) =>
              setAt(body, f.path, v),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...fields), wrongType).map(
        ([f, v]): Change =>
          (body) =>
            setAt(body, f.path, v),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...fields.filter((f) => f.present).concat(fields.slice(0, 1))).map(
        (f): Change =>
          (body) =>
            setAt(body, f.path, undefined),
      ),
    },
    { weight: 1, arbitrary: extra },
  );
}

/** A valid body as is now and then, mostly with one or two changes, rarely junk. */
export function bodyFrom(valid: unknown, schema: Json | undefined, resolve: Resolve): fc.Arbitrary<unknown> {
  const change = changeOf(fieldsOf(valid, schema, resolve), resolve);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(valid) },
    { weight: 8, arbitrary: fc.array(change, { minLength: 1, maxLength: 2 }).map((cs) => cs.reduce((b, c) => c(b), valid)) },
    { weight: 1, arbitrary: junk },
  );
}

/** The values at and just past a field's bounds: each year where dates break, min and max and their neighbours, the longest text and one more. */
export function edgesOf(input: Json | undefined, resolve: Resolve): unknown[] {
  const schema = deref(input, resolve);
  if (!schema) return [];
  const year = (y: number) => String(y).padStart(4, '0');
  if (schema.format === 'date-time') return EDGE_YEARS.map((y) => `${year(y)}-01-01T00:00:00.000Z`);
  if (schema.format === 'date') return EDGE_YEARS.map((y) => `${year(y)}-01-01`);
  const { minimum, maximum, maxLength } = schema as { minimum?: number; maximum?: number; maxLength?: number };
  if (schema.type === 'integer' || schema.type === 'number')
    return [minimum, maximum].flatMap((b, i) => (b === undefined ? [] : [b, i === 0 ? b - 1 : b + 1]));
  if (schema.type === 'string' && maxLength !== undefined && maxLength <= 2000) return [maxLength, maxLength + 1].map((n) => 'x'.repeat(n));
  return [];
}

/** A valid body with one field at each of its edges (see edgesOf). */
export function edgeBodies(valid: unknown, schema: Json | undefined, resolve: Resolve): unknown[] {
  return fieldsOf(valid, schema, resolve).flatMap((f) => edgesOf(f.schema, resolve).map((v) => setAt(valid, f.path, v)));
}
