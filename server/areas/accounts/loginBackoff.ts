import type { Services } from '../../infra/context';
import { claimBackoffTry, clearBackoff } from './repoLoginBackoff';

/** The first wait once an account is over its limit; each further failed try doubles it. */
const FIRST_WAIT_SECONDS = 1;
/** A stranger can hold the owner off for this long at most, and then only between two of his own guesses. */
const LONGEST_WAIT_SECONDS = 15 * 60;

type LoginTry = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const keyFor = (email: string) => `backoff:login:${email.toLowerCase()}`;
/** Codes have their own run: the right password must not wipe the failures of someone who only lacks the code. */
const twoFactorKeyFor = (userId: string) => `backoff:two-factor:${userId}`;

/**
 * Sign-in tries per account back off instead of locking: the first RATE_LIMIT_PER_ACCOUNT failures in a row
 * cost nothing, then each try has to wait 1 s, 2 s, 4 s … (at most 15 minutes) after the previous one.
 * A hard lock for a whole window would let anyone who knows an address keep its owner out for good; a
 * growing wait still starves a guesser, while the owner gets in as soon as the wait is over.
 *
 * The try is claimed in the same statement that checks the wait (counted as a failure until
 * loginSucceeded clears it), so a burst of parallel requests cannot all slip through one opening.
 * Refused tries are not counted, so hammering does not lengthen the wait. Rows live in rate_limits
 * (window_start = the last try), whose daily sweep also forgets an account left alone for a day.
 */
export const claimLoginTry = (services: Services, email: string) => claimTry(services, keyFor(email));

/** The same back-off for two-factor codes (sign-in step, confirming and turning off), per account. */
export const claimTwoFactorTry = (services: Services, userId: string) => claimTry(services, twoFactorKeyFor(userId));

export async function twoFactorSucceeded(services: Services, userId: string): Promise<void> {
  await clearBackoff(services.db, twoFactorKeyFor(userId));
}

async function claimTry(services: Services, key: string): Promise<LoginTry> {
  const now = services.clock.now();
  const free = services.config.rateLimit.perAccount;
  const until = await claimBackoffTry(services.db, key, now, {
    free,
    firstWaitSeconds: FIRST_WAIT_SECONDS,
    longestWaitSeconds: LONGEST_WAIT_SECONDS,
  });
  if (!until) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) };
}

/** The right password ends the run of failures. */
export async function loginSucceeded(services: Services, email: string): Promise<void> {
  await clearBackoff(services.db, keyFor(email));
}
