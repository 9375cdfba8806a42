import { usePermissions, type AuthProvider, type UserIdentity } from 'react-admin';
import type { SessionResponse, User } from '../domain/account';
import type { TwoFactorChallenge } from '../domain/twoFactor';
import { messages } from '../domain/messages';
import { apiUrl } from './deployment';
import { httpClient } from './httpClient';
import { clearSession, currentToken, expireSession, getAccessToken, getUser, setSession, setUser } from './session';

export interface Permissions {
  isSuperAdmin: boolean;
}

export interface Identity extends UserIdentity {
  email: string;
  emailVerified: boolean;
  /** The session may only set two-factor up (the account must have it); the layout shows the set-up. */
  twoFactorSetupRequired?: boolean;
}

/** The super-admin flag is asked of the server once per access token (spec 1 §4). */
let permissionsCache: { token: string; value: Promise<Permissions> } | null = null;

async function fetchPermissions(): Promise<Permissions> {
  const token = await getAccessToken();
  if (!token) return { isSuperAdmin: false };
  if (permissionsCache?.token !== token) {
    const value = httpClient<Permissions>(`${apiUrl}/users/is_super_admin`).then((r) => ({ isSuperAdmin: r.json.isSuperAdmin === true }));
    permissionsCache = { token, value };
    value.catch(() => {
      if (permissionsCache?.value === value) permissionsCache = null;
    });
  }
  return permissionsCache.value;
}

/** Reads the signed-in user again (after verifying the e-mail, for instance). */
export async function reloadUser(): Promise<User | null> {
  if (!(await getAccessToken())) return null;
  const { json } = await httpClient<User>(`${apiUrl}/me`);
  setUser(json);
  return json;
}

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/**
 * What login() rejects with when the password was right and the account wants a code too: the sign-in page asks for
 * the code and calls login({ challenge, code }).
 */
export class TwoFactorRequired extends Error {
  constructor(readonly challenge: string) {
    super('two-factor code required');
    this.name = 'TwoFactorRequired';
  }
}

/** The sign-in answer, or the second step's challenge when the account has two-factor on. */
export const isTwoFactorChallenge = (json: unknown): json is TwoFactorChallenge =>
  typeof json === 'object' && json !== null && (json as { twoFactorRequired?: unknown }).twoFactorRequired === true;

type LoginParams = { email: string; password: string } | { challenge: string; code: string };

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const second = 'challenge' in params;
    const { json } = await httpClient<SessionResponse | TwoFactorChallenge>(`${apiUrl}/auth/login${second ? '/two-factor' : ''}`, {
      method: 'POST',
      auth: false,
      body: JSON.stringify(
        second ? { challenge: params.challenge, code: params.code } : { email: params.email, password: params.password },
      ),
    });
    if (isTwoFactorChallenge(json)) throw new TwoFactorRequired(json.challenge);
    setSession(json);
  },

  async logout() {
    // Revoke the refresh token on the server; the cookie is sent even when the access token is gone.
    const token = currentToken();
    clearSession();
    permissionsCache = null;
    await httpClient(`${apiUrl}/auth/logout`, {
      method: 'POST',
      auth: false,
      // JSON only: the server refuses the kinds of request another site could send with our cookie.
      body: '{}',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    }).catch(() => undefined);
  },

  async checkAuth() {
    // On the first load there is no token in memory: the refresh cookie keeps a reload signed in.
    const token = await getAccessToken().catch(() => currentToken());
    if (!token) throw { message: false };
  },

  async checkError(error) {
    // A 401 ends the session, and the session watcher (src/layout/SessionWatcher.tsx) takes the user to /login
    // and back afterwards. checkError must not reject for it: react-admin answers a call whose checkError
    // rejected with an empty success ({ data: {} }), so a save refused with 401 would read 'Shop saved'.
    // Resolving lets the call fail as what it is. 403 and everything else: the user stays signed in and sees the message.
    if (statusOf(error) === 401) expireSession();
  },

  async getIdentity(): Promise<Identity> {
    const user = getUser() ?? (await reloadUser());
    if (!user) throw new Error(messages.sessionExpired);
    return {
      id: user.id,
      fullName: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorSetupRequired: user.twoFactorSetupRequired === true,
    };
  },

  async getPermissions(): Promise<Permissions> {
    return fetchPermissions();
  },
};

/** True when the signed-in user is a platform super admin (false while unknown). */
export function useIsSuperAdmin(): boolean {
  const { permissions } = usePermissions<Permissions>();
  return permissions?.isSuperAdmin === true;
}
