import { HttpError } from 'react-admin';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { asSentence, messages } from '../domain/messages';

/** Status codes the console uses for failures that never got an HTTP answer (spec 1 §8). */
export const NO_RESPONSE_STATUS = 444;
export const SETUP_FAILED_STATUS = 417;

export interface RequestOptions extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
  /** Milliseconds before the call is given up as unanswered; spec 1 §7 says 20 s. */
  timeoutMs?: number;
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

/** The shape of every error body of our API. */
export interface ApiErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string>;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers(options.headers ?? {});
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return headers;
}

/** The error the console reports for an answer ≥ 400: the server's message (a sentence) and body, or the status. */
export function answeredError(status: number, json: any, statusText = ''): HttpError {
  const answered: ApiErrorBody =
    json && typeof json.message === 'string' ? json : { message: statusText || `HTTP ${status}`, code: 'HTTP_ERROR' };
  // Every message the console shows starts with a capital, field errors included.
  const body: ApiErrorBody = {
    ...answered,
    message: asSentence(answered.message),
    ...(answered.errors && {
      errors: Object.fromEntries(Object.entries(answered.errors).map(([field, m]) => [field, typeof m === 'string' ? asSentence(m) : m])),
    }),
  };
  return new HttpError(body.message, status, body);
}

/**
 * fetch with JSON headers, a timeout, and errors normalised to react-admin's HttpError:
 * an answer ≥ 400 → HttpError(server message, status, body); no answer (network, timeout) → 444;
 * a request that could not even be built → 417.
 */
export async function request<T = any>(url: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  const { timeoutMs = REQUEST_TIMEOUT_MS, signal: callerSignal, ...init } = options;
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(callerSignal?.reason);
  let req: Request;
  try {
    // Relative API paths ("/api/...") are resolved against the page, as the browser would.
    const absolute = typeof location === 'undefined' ? url : new URL(url, location.href).toString();
    req = new Request(absolute, { credentials: 'include', ...init, headers: buildHeaders(options), signal: controller.signal });
  } catch {
    throw new HttpError(messages.requestSetupFailed, SETUP_FAILED_STATUS, { message: messages.requestSetupFailed, code: 'REQUEST_SETUP' });
  }
  if (callerSignal?.aborted) abortFromCaller();
  callerSignal?.addEventListener('abort', abortFromCaller);
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetch(req);
    text = await res.text();
  } catch (error) {
    // A cancellation asked for by the caller (react-query) is not a failure of the server.
    if (callerSignal?.aborted) throw error;
    throw new HttpError(messages.noResponse, NO_RESPONSE_STATUS, { message: messages.noResponse, code: 'NO_RESPONSE' });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', abortFromCaller);
  }
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (res.status < 200 || res.status >= 300) throw answeredError(res.status, json, res.statusText);
  return { status: res.status, headers: res.headers, body: text, json };
}
