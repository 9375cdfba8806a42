import type { ApiKeyScope } from '../../domain/apiKeys';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A scope in plain words (resources.apikeys.scopes.*: orders:read is orders_read there). */
export const scopeWords = (translate: Translate, scope: ApiKeyScope) => translate(`resources.apikeys.scopes.${scope.replace(':', '_')}`);
