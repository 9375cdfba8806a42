import { HttpError } from 'react-admin';
import { currentToken, expireSession, getAccessToken, refreshAccessToken } from './session';
import { request, type JsonResponse, type RequestOptions } from './request';
import { askStepUp, isStepUpRequired } from './stepUp';

interface HttpClientOptions extends RequestOptions {
  /** false for the account calls that need no session (login, register, reset, e-mail actions). */
  auth?: boolean;
}

function withToken(options: RequestOptions, token: string | null): RequestOptions {
  const headers = new Headers(options.headers ?? {});
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return { ...options, headers };
}

/**
 * Every API call of the console: Bearer token, JSON headers, 20 s timeout, normalised errors.
 * A 401 gets one refresh (shared with any parallel call) and one retry; when that fails too the
 * session is over and the user goes to /login. A 403 is only reported, never a logout, except a 403
 * STEP_UP_REQUIRED: the user is asked to prove it is them (providers/stepUp.ts) and the call is sent again, as
 * often as they prove it; cancelling reports the refusal.
 */
export async function httpClient<T = any>(url: string, options: HttpClientOptions = {}): Promise<JsonResponse<T>> {
  for (;;) {
    try {
      return await signedCall<T>(url, options);
    } catch (error) {
      if (!isStepUpRequired(error) || !(await askStepUp())) throw error;
    }
  }
}

async function signedCall<T>(url: string, options: HttpClientOptions): Promise<JsonResponse<T>> {
  const { auth = true, ...rest } = options;
  if (!auth) return request<T>(url, rest);
  const token = await getAccessToken();
  try {
    return await request<T>(url, withToken(rest, token));
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    // Another call may already have refreshed while this one was in flight.
    const now = currentToken();
    const fresh = now && now !== token ? now : token ? await refreshAccessToken() : null;
    if (!fresh) {
      expireSession();
      throw error;
    }
    try {
      return await request<T>(url, withToken(rest, fresh));
    } catch (retryError) {
      if (retryError instanceof HttpError && retryError.status === 401) expireSession();
      throw retryError;
    }
  }
}
