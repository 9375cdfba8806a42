import type { SessionResponse, User } from '../domain/account';
import { apiUrl } from './deployment';
import { request } from './request';
import { acrossTabs, mayHaveSession, takeHandedSession } from './sessionStart';

/**
 * The signed-in session. The access token lives only in memory; the refresh token is an
 * httpOnly cookie the page never sees, so a reload gets a new access token from
 * POST /auth/refresh. Refreshes are single-flight: every caller that needs a token while one
 * is being fetched waits for the same promise.
 */
type Listener = (token: string | null, user: User | null) => void;

/** Refresh a little before expiry so a call never leaves with a token about to die. */
const EXPIRY_MARGIN_MS = 30_000;

let token: string | null = null;
let expiresAt = 0;
let user: User | null = null;
let refreshing: Promise<string | null> | null = null;
/** Set once the refresh cookie was refused, so an anonymous page does not ask again on every call. */
let knownAnonymous = false;
const listeners = new Set<Listener>();
const expiredListeners = new Set<() => void>();

function emit() {
  for (const l of [...listeners]) l(token, user);
}

export function setSession(session: Partial<SessionResponse> & { accessToken: string; expiresIn: number }) {
  const changed = session.accessToken !== token || (session.user !== undefined && JSON.stringify(session.user) !== JSON.stringify(user));
  knownAnonymous = false;
  token = session.accessToken;
  expiresAt = Date.now() + session.expiresIn * 1000;
  if (session.user) user = session.user;
  if (changed) emit();
}

export function setUser(next: User) {
  const changed = JSON.stringify(next) !== JSON.stringify(user);
  user = next;
  if (changed) emit();
}

export function clearSession() {
  const had = token !== null || user !== null;
  knownAnonymous = true;
  token = null;
  expiresAt = 0;
  user = null;
  if (had) emit();
}

/** Ends a session the server no longer accepts (a 401); listeners send the user to /login. */
export function expireSession() {
  const had = token !== null || user !== null;
  clearSession();
  if (had) for (const l of [...expiredListeners]) l();
}

export const getUser = () => user;
/** The token in memory right now, without refreshing (may be expired or null). */
export const currentToken = () => token;

/** Called whenever the access token or the signed-in user changes (null on sign-out). */
export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when the server rejected an existing session (401). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

async function doRefresh(): Promise<string | null> {
  try {
    // A JSON body (hence Content-Type: application/json) is what tells the server this is not a cross-site form.
    const res = await request<SessionResponse>(`${apiUrl}/auth/refresh`, { method: 'POST', body: '{}' });
    setSession(res.json);
    return token;
  } catch (error) {
    const status = (error as { status?: number }).status;
    // No or revoked refresh cookie: the visitor is anonymous. Anything else (network, 5xx, 403)
    // leaves the session alone and lets the caller report the error.
    if (status === 401 || status === 400) {
      expireSession();
      return null;
    }
    throw error;
  }
}

/** Gets a new access token from the refresh cookie; parallel callers share one request. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= acrossTabs(doRefresh).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A fresh access token (refreshing when missing or about to expire), or null for anonymous visitors. */
export async function getAccessToken(): Promise<string | null> {
  if (token && Date.now() < expiresAt - EXPIRY_MARGIN_MS) return token;
  if (!token && (knownAnonymous || !mayHaveSession())) return null;
  return refreshAccessToken();
}

// Signed in by the pre-rendered sign-in page just before the console loaded: that session, without a refresh.
const handed = takeHandedSession();
if (handed) setSession(handed);
