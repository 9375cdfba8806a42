import { expect } from 'vitest';

/** The answer every rate limit gives (429). */
export const LIMITED = { message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };

/**
 * A new client address on each call, so one scenario's per-IP buckets do not spill into the next.
 * Each test file passes its own second octet, so files that share a database never share an address.
 */
export function ipSource(block: number): () => string {
  let n = 1;
  return () => `10.${block}.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
}

/** The Retry-After of an answer, in seconds (NaN when it has none). */
export const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

/** A 429 says when to come back: whole seconds, at least 1, and no later than the limit's window lets it. */
export function expectRetryAfter(res: { statusCode: number; headers: Record<string, unknown> }, atMostSeconds: number) {
  expect(res.statusCode).toBe(429);
  const seconds = retryAfter(res);
  expect(Number.isInteger(seconds), `Retry-After: ${String(res.headers['retry-after'])}`).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(atMostSeconds);
}
