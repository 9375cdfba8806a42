import { useLocation } from 'react-router-dom';

const ACCOUNT_PAGES = /^\/(login|register|reset|auth\/manage)(\/|\?|#|$)/;

/** A path on this site to continue to, or null: absolute URLs and protocol-relative tricks are refused. */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'http://servery.invalid');
    if (url.origin !== 'http://servery.invalid') return null;
    const path = url.pathname + url.search + url.hash;
    return ACCOUNT_PAGES.test(path) ? null : path;
  } catch {
    return null;
  }
}

/** Where to go after signing in: ?next=… or the page react-admin was sent away from. */
export function useNextPath(): string | null {
  const location = useLocation();
  const fromQuery = new URLSearchParams(location.search).get('next');
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const fromState = state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : null;
  return safeNext(fromQuery) ?? safeNext(fromState);
}

export const withNext = (path: string, next: string | null) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

const EMAIL_KEY = 'servery.signUpEmail';

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

function rememberedEmail(): string {
  try {
    return localStorage.getItem(EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * An address to start the form with (?email=…, e.g. from an invitation link, or the one just signed up with); the user
 * can still change it.
 */
export function usePrefilledEmail(): string {
  const fromQuery = new URLSearchParams(useLocation().search).get('email')?.trim().slice(0, 254);
  return fromQuery || rememberedEmail();
}
