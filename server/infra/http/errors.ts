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
export const tooManyRequests = () => new AppError(429, messages.tooManyRequests, 'RATE_LIMITED');

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

/** True when a string anywhere in a parsed JSON value holds a NUL character, which PostgreSQL text cannot store. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
