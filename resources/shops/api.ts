import { httpClient } from '../../providers';
import { apiUrl } from '../../src/deployment';

/**
 * A JSON call to our API outside react-admin's CRUD methods (sellers, invitations, review, search…).
 * Goes through the console's httpClient, so it carries the session and a 401 ends it.
 */
export async function callApi<T>(
  path: string,
  { method = 'GET', body, auth = true, signal }: { method?: string; body?: unknown; auth?: boolean; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await httpClient<T>(`${apiUrl}${path}`, {
    method,
    auth,
    signal,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json;
}

export const shopPath = (shopId: string) => `/shops/${encodeURIComponent(shopId)}`;
