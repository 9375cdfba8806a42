// How a page's session starts: whether there may be one to refresh, or one handed over by the sign-in page.
import type { SessionResponse } from '../domain/account';

/**
 * The server sets the readable cookie `servery_session` beside the httpOnly refresh cookie (and clears both). Without
 * it there is no session to refresh: an anonymous visitor's pages ask nothing, so no 401 is logged in the browser.
 */
const SESSION_HINT = 'servery_session';

export const mayHaveSession = () =>
  typeof document === 'undefined' || document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT}=`));

/**
 * The pre-rendered sign-in page signs in before the console runs, then starts it on the page asked for: the session
 * it got is handed over in memory (never in storage, like every access token of the console), read once by the session
 * module as it loads, so the first page after signing in needs no refresh round trip.
 */
const HANDED = '__serverySession';
type Handed = Pick<SessionResponse, 'accessToken' | 'expiresIn' | 'user'>;

export function handOverSession(session: Handed) {
  (window as unknown as Record<string, unknown>)[HANDED] = session;
}

export function takeHandedSession(): Handed | null {
  if (typeof window === 'undefined') return null;
  const holder = window as unknown as Record<string, Handed | undefined>;
  const session = holder[HANDED] ?? null;
  delete holder[HANDED];
  return session;
}

/**
 * Tabs share the refresh cookie, and the server revokes a session when a replaced refresh token comes back.
 * Two tabs refreshing at the same instant would send the same cookie twice, so refreshes are serialised across
 * tabs with a Web Lock: the second tab's request leaves after the first has rotated the cookie, and carries the new one.
 */
export function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('servery-refresh', work) as Promise<T>) : work();
}

/**
 * A sign-in that was not sent anywhere in particular (no ?next=): the shops list at "/" may then take an owner of one
 * shop straight into it. Kept in memory like the handed-over session, so a reload or a typed address never lands.
 */
const FRESH = '__serveryFreshSignIn';

export function markFreshSignIn() {
  if (typeof window !== 'undefined') (window as unknown as Record<string, unknown>)[FRESH] = true;
}

/** True once after a sign-in marked by markFreshSignIn. */
export function takeFreshSignIn(): boolean {
  if (typeof window === 'undefined') return false;
  const holder = window as unknown as Record<string, unknown>;
  const fresh = holder[FRESH] === true;
  delete holder[FRESH];
  return fresh;
}
