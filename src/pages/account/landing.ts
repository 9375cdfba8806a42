// Where a sign-in continues and what its form starts with: plain functions, shared by the console and the
// pre-rendered sign-in page's own script (which runs before, and without, the console).

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

export const EMAIL_KEY = 'servery.signUpEmail';

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
export function prefilledEmail(search: string): string {
  const fromQuery = new URLSearchParams(search).get('email')?.trim().slice(0, 254);
  return fromQuery || rememberedEmail();
}
