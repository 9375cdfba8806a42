import { format, messages } from '../../../domain/messages';

/** An error the API answers with its own status and message (the contract's error shape). */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public code: string,
    public errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>, code = 'BAD_REQUEST') =>
  new AppError(400, message, code, errors);
export const unauthorized = (message: string = messages.sessionExpired) => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string = messages.notAllowed, code = 'FORBIDDEN') => new AppError(403, message, code);
export const notFound = (name: string, id: string) => new AppError(404, format(messages.cannotFind, { name, id }), 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, message, code);

/** A 429 that knows when the limit frees up: the error handler sends it as Retry-After (seconds). */
export class TooManyRequests extends AppError {
  constructor(
    public retryAfterSeconds?: number,
    message: string = messages.tooManyRequests,
    code = 'RATE_LIMITED',
  ) {
    super(429, message, code);
  }
}
/** Without `retryAfterSeconds` the error handler's default applies (one RATE_LIMIT_WINDOW_SECONDS window). */
export const tooManyRequests = (retryAfterSeconds?: number) => new TooManyRequests(retryAfterSeconds);

/** Whole seconds until `untilMs`, at least 1: what Retry-After says for a limit that frees up then. */
export const secondsUntil = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

/**
 * What a failed request logs: type, message, code and stack of the error and its causes, and nothing else.
 * Driver and ORM errors carry the query's parameters (a password hash, an e-mail address) in their message and in
 * extra properties; pino's default serializer would print all of them.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!(error instanceof Error) || depth > 4) return error === undefined ? undefined : { message: String(error).slice(0, 200) };
  const { code } = error as { code?: unknown };
  const message = error.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  return {
    type: error.name,
    message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: error.stack?.replace(error.message, message),
    ...(error.cause ? { cause: loggableError(error.cause, depth + 1) } : {}),
  };
}

/** In unicode mode a surrogate pair reads as one code point, so this matches only a surrogate without its other half. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why PostgreSQL cannot store a string, if it cannot: a NUL (text and jsonb refuse it), a lone surrogate (jsonb refuses
 * its escape, text turns it into U+FFFD).
 */
function unstorable(s: string): 'NUL_CHARACTER' | 'LONE_SURROGATE' | undefined {
  if (s.includes('\u0000')) return 'NUL_CHARACTER';
  if (LONE_SURROGATE.test(s)) return 'LONE_SURROGATE';
  return undefined;
}

/**
 * The 400 for a parsed JSON value (a body, a list filter, a signed webhook) holding text PostgreSQL cannot store, in
 * any string or key at any depth, or undefined when all of it can be stored. Walked without recursion, so no nesting
 * is too deep to check.
 */
export function unstorableText(value: unknown): AppError | undefined {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    let found = typeof v === 'string' ? unstorable(v) : undefined;
    if (Array.isArray(v)) for (const child of v) pending.push(child);
    else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        found ??= unstorable(key);
        pending.push(child);
      }
    }
    if (found) return badRequest(found === 'NUL_CHARACTER' ? messages.nulCharacter : messages.loneSurrogate, undefined, found);
  }
  return undefined;
}
