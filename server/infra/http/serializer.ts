import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

const zodSchemaOf = (schema: unknown): z.ZodType | null => {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
};

/**
 * The zod response schema as JSON Schema, when it says the same thing on both sides: a schema that transforms,
 * defaults or pipes (input ≠ output), or that JSON Schema cannot express, returns null and keeps zod's serializer.
 * `openapi-3.0` writes nullable fields as `nullable: true`, which fast-json-stringify serializes directly (an
 * anyOf-with-null would make it validate each value with ajv at run time).
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const output = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'throw' });
    const input = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'throw' });
    // Input schemas leave additionalProperties open; any other difference is a transform, default or codec.
    const shape = (json: object) => JSON.stringify(json, (key, value: unknown) => (key === 'additionalProperties' ? undefined : value));
    if (shape(output) !== shape(input)) return null;
    return output as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Response serialization that stays schema-driven but does its work once per route, not once per response:
 * the zod schema becomes JSON Schema at start-up and fast-json-stringify compiles it into a function that writes
 * only the declared fields (unknown ones are dropped, as zod's `strip` did). Schemas that cannot be converted
 * keep fastify-type-provider-zod's serializer, which runs zod on every response.
 */
export const serializerCompiler: FastifySerializerCompiler<ResponseSchema> = (route) => {
  const schema = zodSchemaOf(route.schema);
  const json = schema && responseJsonSchema(schema);
  if (json) {
    try {
      return fastJson(json);
    } catch {
      // fast-json-stringify refused the schema; zod's serializer below still answers correctly.
    }
  }
  return zodSerializerCompiler(route);
};
