import { apiUrl } from './deployment';
import { httpClient } from './httpClient';

/** What many calls answer besides their data: the spec's message for the toast. */
export type Message = { message: string };

export const seg = encodeURIComponent;

/** /shops/{shopId}: where a shop's own calls start. */
export const shop = (shopId: string) => `/shops/${seg(shopId)}`;

/** One JSON call to the API (`path` after the API base) with the session's token; answers the body. */
export async function call<T>(
  path: string,
  { method = 'GET', body, auth = true, signal }: { method?: string; body?: unknown; auth?: boolean; signal?: AbortSignal } = {},
) {
  const res = await httpClient<T>(`${apiUrl}${path}`, {
    method,
    auth,
    signal,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json;
}
