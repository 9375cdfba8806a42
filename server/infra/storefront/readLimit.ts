import type { FastifyRequest } from 'fastify';
import { secondsUntil, tooManyRequests } from '../http/errors';

/**
 * Per-IP limit on the customers' cacheable reads, counted in this process's memory. Reads are the hot path (a menu
 * is loaded by every app start) and a PostgreSQL counter per read would cost more than the read itself; the price is
 * that N processes allow N times the limit, which for reads of public data is acceptable. Writes that matter
 * (orders, device registrations) use the shared PostgreSQL limiter (services.rateLimiter) instead.
 */
export function readLimiter(perMinute: number, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return (req: FastifyRequest) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      windowStart = t;
      counts = new Map();
    }
    const n = (counts.get(req.ip) ?? 0) + 1;
    counts.set(req.ip, n);
    if (n > perMinute) throw tooManyRequests(secondsUntil(windowStart + 60_000, t));
  };
}
