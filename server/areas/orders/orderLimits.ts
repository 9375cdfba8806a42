import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../infra/http/errors';
import { messages } from '../../../domain/messages';

/** Whole seconds from `now` until `until`, at least 1 (what a Retry-After header says). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** 429: the mobile has placed as many orders at the shop as its window allows; it may order again in `retryAfterSeconds`. */
export class MobileLimitReached extends AppError {
  constructor(public retryAfterSeconds: number) {
    super(429, messages.tooManyRequests, 'RATE_LIMITED');
  }
}

/**
 * Seconds until a fixed-window rate-limit counter (services/rateLimit.ts) starts a new window: asked only once a hit
 * was refused, so the hot path never pays for it. The whole window when the counter is gone (pruned meanwhile).
 */
export async function counterRetryAfter(db: Db, key: string, windowSeconds: number, now: Date): Promise<number> {
  const res = await db.execute<{ windowStart: string | Date }>(
    sql`SELECT window_start AS "windowStart" FROM rate_limits WHERE key = ${key}`,
  );
  const start = res.rows[0]?.windowStart;
  if (!start) return windowSeconds;
  return Math.min(windowSeconds, secondsUntil(new Date(new Date(start).getTime() + windowSeconds * 1000), now));
}
