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
