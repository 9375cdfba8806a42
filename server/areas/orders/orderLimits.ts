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
