import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { responseJsonSchema, serializerCompiler } from '../../server/infra/http/serializer';
import { shopSchema } from '../../domain/shop';

const compile = (schema: z.ZodType, compiler = serializerCompiler) =>
  compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<typeof serializerCompiler>[0]);

const shop = {
  id: '9b2f7a51-3c1e-4f55-9a44-1f1d8a6f0c11',
  type: 'CAFE',
  name: 'Cappuccino Corner',
  description: 'Coffee and cakes all day',
  locality: 'Surry Hills',
  logo: { path: 'img/a.png' },
  timezone: 'Australia/Sydney',
  country: 'AU',
  countries: null,
  demo: false,
  updatedBy: null,
  listing: { status: 'PUBLISHED', rejectReason: null },
  role: 'ADMIN',
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

describe('response serializer', () => {
  it('compiles the shop schemas to JSON Schema (not the zod fallback)', () => {
    expect(responseJsonSchema(z.array(shopSchema))).toMatchObject({
      type: 'array',
      items: { type: 'object', additionalProperties: false },
    });
  });

  // fast-json-stringify writes required fields before optional ones, so only the key order may differ.
  it('writes the same JSON as the zod serializer for a list of shops', () => {
    const list = [shop, { ...shop, logo: null, countries: ['AU', 'NZ'], role: null }, { ...shop, role: undefined }];
    const schema = z.array(shopSchema);
    const fast = compile(schema)(list) as string;
    expect(JSON.parse(fast)).toStrictEqual(JSON.parse(compile(schema, zodSerializerCompiler)(list) as string));
    expect(fast).toHaveLength((compile(schema, zodSerializerCompiler)(list) as string).length);
  });

  it('drops fields the schema does not name, at every depth, as zod did', () => {
    const leaky = [{ ...shop, passwordHash: 'secret', searchText: 'x', listing: { ...shop.listing, internal: 1 } }];
    const out = JSON.parse(compile(z.array(shopSchema))(leaky) as string) as Record<string, unknown>[];
    expect(out[0]).not.toHaveProperty('passwordHash');
    expect(out[0]).not.toHaveProperty('searchText');
    expect(out[0].listing).toEqual({ status: 'PUBLISHED', rejectReason: null });
  });

  it('refuses a response that misses a required field', () => {
    const { name: _name, ...nameless } = shop;
    expect(() => compile(shopSchema)(nameless)).toThrow();
  });

  it('keeps zod for schemas whose output differs from their input (codecs, defaults)', () => {
    const codec = z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) });
    expect(responseJsonSchema(codec)).toBeNull();
    expect(compile(codec)({ at: new Date('2026-01-02T03:04:05.000Z') })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
    expect(responseJsonSchema(z.object({ n: z.number().default(1) }))).toBeNull();
  });
});
