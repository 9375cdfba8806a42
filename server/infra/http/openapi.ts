import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Json = Record<string, unknown>;
type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

/** The one error body every route answers with (see the error handler in app.ts). */
const apiErrorSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words a user can read' },
    code: { type: 'string', description: 'A stable machine-readable code (VALIDATION, NOT_FOUND, RATE_LIMITED, ...)' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Only for validation errors: the message of each invalid field, keyed by its path',
    },
  },
} as const;

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'Bad input: a field is invalid (errors names each), or the request carries a NUL character',
  401: 'No access token, or one that is expired or revoked',
  403: 'Signed in but not allowed: e-mail not verified, or a role the route needs',
  404: 'Not found, including ids that belong to another shop',
  default: 'Any other error (429 rate limited, 409 conflict, 500 on our side), with the same body',
};

const METHOD_VERBS: Record<string, string> = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' };

const camel = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable, unique operationId from the method and the path: `GET /api/shops/:shopId/items/:itemId` →
 * `getShopsByShopIdItemsByItemId`. Clients generated from the document keep their method names as long as the
 * route keeps its path. A route may still name itself with `schema.operationId`.
 */
function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => (p === '*' ? 'ByPath' : p.startsWith(':') ? `By${camel(p.slice(1))}` : p.split(/[-_.]/).map(camel).join('')));
  return (METHOD_VERBS[method] ?? method.toLowerCase()) + (parts.join('') || 'Root');
}

type RouteConfig = { url: string; config?: Json };

const authOf = (route: RouteConfig) => ({
  auth: (route.config?.auth as string | undefined) ?? 'verified',
  shopRole: route.config?.shopRole as string | false | undefined,
});

/** Anyone may call it: the guard asks for no token and no shop role. */
const isPublic = (route: RouteConfig) => {
  const { auth, shopRole } = authOf(route);
  return auth === 'public' && !shopRole;
};

/** The error statuses a route can answer whatever its handler does, from how it is guarded and what it takes. */
function guardedStatuses(route: RouteConfig): string[] {
  const { auth, shopRole } = authOf(route);
  const statuses = ['400'];
  if (auth !== 'public' || shopRole) statuses.push('401');
  if (auth === 'verified' || auth === 'superAdmin' || shopRole === 'ADMIN') statuses.push('403');
  if (/[:*]/.test(route.url)) statuses.push('404');
  statuses.push('default');
  return statuses;
}

/**
 * zod → JSON Schema (fastify-type-provider-zod), then what the contract adds to every operation: its operationId, the
 * error responses its guard and parameters can produce, each with the shared error body, and no security for a public
 * route (both read from the route's guard config, so the document cannot drift from what the guard enforces).
 */
export const openapiTransform: Transform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema: Json; url: string };
  const route = input.route as unknown as { method: string | string[]; url: string; config?: Json };
  const method = [route.method].flat()[0];
  const response = { ...((schema.response as Json | undefined) ?? {}) };
  for (const status of guardedStatuses(route)) {
    if (!(status in response)) response[status] = { description: ERROR_DESCRIPTIONS[status], ...apiErrorSchema };
  }
  const wildcard = url.endsWith('/*');
  // The document's default is the bearer token; a public route says it needs none, unless it names a token of its own.
  const security = (schema.security as Record<string, string[]>[] | undefined) ?? (isPublic(route) ? [] : undefined);
  return {
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, route.url),
      response,
      ...(security ? { security } : {}),
    },
    url: wildcard ? url.replace(/\/\*$/, '/{path}') : url,
  };
};

/**
 * What OpenAPI 3.0 cannot say the way zod writes it: a `type` must sit beside `nullable` (zod's nullable unions come
 * out as `{ nullable, anyOf }`), a nullable enum must list null, and a tuple of equal members (a pizza's two halves)
 * comes out as an `anyOf` of identical schemas, which says no more than one of them.
 */
function tidySchemas(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(tidySchemas);
  if (!node || typeof node !== 'object') return;
  const obj = node as Json;
  const union = obj.anyOf;
  if (Array.isArray(union) && union.length > 1 && union.every((m) => JSON.stringify(m) === JSON.stringify(union[0]))) {
    delete obj.anyOf;
    Object.assign(obj, union[0]);
  }
  // A nullable enum lists null among its values: OpenAPI 3.0.3 keeps every other constraint as written, so an enum
  // without it would refuse the null that `nullable` allows.
  if (obj.nullable === true && Array.isArray(obj.enum) && !obj.enum.includes(null)) obj.enum = [...(obj.enum as unknown[]), null];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = obj[key];
    if (obj.nullable === true && obj.type === undefined && Array.isArray(members)) {
      for (const m of members as Json[]) if (m && typeof m === 'object' && !('$ref' in m)) m.nullable = true;
      delete obj.nullable;
    }
  }
  for (const value of Object.values(obj)) tidySchemas(value);
}

/** A wildcard path (media files) names its parameter, which the document must declare as `path`. */
function nameWildcardParameters(paths: Json): void {
  for (const [url, item] of Object.entries(paths)) {
    if (!url.endsWith('/{path}')) continue;
    for (const op of Object.values(item as Record<string, Json>)) {
      const params = op.parameters as Json[] | undefined;
      for (const p of params ?? []) if (p.in === 'path' && p.name === '*') p.name = 'path';
    }
  }
}

/** Paths in the document start at /api, so the server is the document's own origin, whatever PUBLIC_URL says. */
export function openapiTransformObject(): TransformObject {
  return (input) => {
    const doc = (input as { openapiObject: Json }).openapiObject;
    doc.servers = [{ url: '/', description: 'The server this document was read from' }];
    nameWildcardParameters((doc.paths as Json) ?? {});
    tidySchemas(doc.paths);
    tidySchemas(doc.components);
    return doc;
  };
}
