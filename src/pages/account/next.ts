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

/** An address to start the form with (?email=…, e.g. from an invitation link); the user can still change it. */
export function usePrefilledEmail(): string {
  return new URLSearchParams(useLocation().search).get('email')?.trim().slice(0, 254) ?? '';
}
