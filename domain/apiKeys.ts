import { z } from 'zod';
import { format } from './messages';
import { instant } from './dateSchemas';
import { text } from './validation';

/**
 * A shop's API keys: what an integration (a kitchen screen, a POS, a printer bridge) signs in with. Both halves read
 * the scopes and the words; the server decides which route needs which scope (server/infra/auth/apiKeyScopes.ts).
 */
export const API_KEY_SCOPES = [
  'orders:read',
  'orders:write',
  'bookings:read',
  'bookings:write',
  'menu:read',
  'menu:write',
  'reports:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a key's value starts with: the guard tells a key from a session's token by it. */
export const API_KEY_PREFIX = 'srv_';
/** How many characters after the prefix the list shows, so a person can tell keys apart without the secret. */
export const API_KEY_SHOWN_CHARS = 8;
export const API_KEY_NAME_MAX = 60;

export const apiKeyMessages = {
  scopesRequired: 'Choose at least one scope',
  unknownScope: `A scope is one of ${API_KEY_SCOPES.join(', ')}`,
  expiryInPast: 'The expiry should be in the future',
  /** Said by the guard (401) for a key it cannot use. */
  unknownKey: 'This API key is not valid.',
  revoked: 'This API key has been revoked.',
  expired: 'This API key has expired.',
  /** Said by the guard (403). */
  needsScope: 'This API key does not have the %{scope} scope this route needs.',
  routeRefused: 'API keys cannot use this route.',
};

export const apiKeyNeedsScope = (scope: ApiKeyScope) => format(apiKeyMessages.needsScope, { scope });

/** POST /api/shops/{shopId}/api_keys. The expiry must also be in the future, which only a clock can say. */
export const apiKeyInputSchema = z.object({
  name: text('Name', { min: 1, max: API_KEY_NAME_MAX }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: apiKeyMessages.unknownScope }), { error: apiKeyMessages.scopesRequired })
    .min(1, { error: apiKeyMessages.scopesRequired })
    .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
  expiresAt: instant('Expiry').nullish(),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export const apiKeyStatuses = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** A key as the list answers it: never its value. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters after srv_, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(apiKeyStatuses),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a create: the key's value, this once, and its record. */
export const createdApiKeySchema = z.object({ key: z.string(), apiKey: apiKeySchema });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
