import { useLocation } from 'react-router-dom';
import { EMAIL_KEY, prefilledEmail, safeNext } from './landing';

export { safeNext } from './landing';

/** Where to go after signing in: ?next=… or the page react-admin was sent away from. */
export function useNextPath(): string | null {
  const location = useLocation();
  const fromQuery = new URLSearchParams(location.search).get('next');
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const fromState = state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : null;
  return safeNext(fromQuery) ?? safeNext(fromState);
}

export const withNext = (path: string, next: string | null) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

/**
 * Remembers the address an account was just made with, so the sign-in form starts with it after registering
 * and after following the verification link (often in another tab); forgotten once someone signs in.
 */
export function rememberSignUpEmail(email: string | null) {
  try {
    if (email) localStorage.setItem(EMAIL_KEY, email);
    else localStorage.removeItem(EMAIL_KEY);
  } catch {
    // Storage may be disabled; the form then starts empty.
  }
}

/**
 * An address to start the form with (?email=…, e.g. from an invitation link, or the one just signed up with); the user
 * can still change it.
 */
export function usePrefilledEmail(): string {
  return prefilledEmail(useLocation().search);
}
