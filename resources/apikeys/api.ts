import type { ApiKey, CreatedApiKey } from '../../domain/apiKeys';
import { call, seg, shop } from '../../providers/call';

/** A shop's API keys: listed without their values, created (the value answered once), revoked. */
export const api = {
  getApiKeys: (shopId: string) => call<ApiKey[]>(`${shop(shopId)}/api_keys`),
  createApiKey: (shopId: string, body: { name: string; scopes: string[]; expiresAt: string | null }) =>
    call<CreatedApiKey>(`${shop(shopId)}/api_keys`, { method: 'POST', body }),
  revokeApiKey: (shopId: string, keyId: string) => call<ApiKey>(`${shop(shopId)}/api_keys/${seg(keyId)}`, { method: 'DELETE' }),
};

export type ApiKeysApi = typeof api;
