import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's HTTP layer: Bearer token, JSON headers, timeout, error normalisation (spec 1 §7, §8)
 * and the single-flight refresh of the access token (spec 1 §4). fetch is replaced by a fake server.
 */
type Handler = (req: Request) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const user = (id = 'u1') => ({ id, email: `${id}@example.com`, name: 'Ada Lovelace', emailVerified: true, isSuperAdmin: false });
const session = (token: string) => ({ accessToken: token, expiresIn: 900, user: user() });

let calls: Request[] = [];
function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      calls.push(req);
      return handler(req);
    }),
  );
}
const path = (req: Request) => new URL(req.url).pathname;

async function load() {
  vi.resetModules();
  const sessionModule = await import('../../providers/session');
  const { httpClient } = await import('../../providers/httpClient');
  const { authProvider } = await import('../../providers/authProvider');
  return { ...sessionModule, httpClient, authProvider };
}

// The readable cookie the server sets beside the refresh cookie: a session may exist.
const HINT = 'servery_session';
beforeEach(() => {
  calls = [];
  document.cookie = `${HINT}=1; path=/`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.cookie = `${HINT}=; path=/; max-age=0`;
});

describe('httpClient', () => {
  it('sends the Bearer token and JSON headers, and refreshes first when no token is in memory', async () => {
    serve((req) => (path(req) === '/api/auth/refresh' ? json(200, session('t1')) : json(200, { ok: true })));
    const { httpClient } = await load();
    const res = await httpClient('/api/things', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(res.json).toEqual({ ok: true });
    expect(calls.map(path)).toEqual(['/api/auth/refresh', '/api/things']);
    // The server takes refreshes as JSON only (a cross-site form cannot send that).
    expect(calls[0].headers.get('content-type')).toBe('application/json');
    const sent = calls[1];
    expect(sent.headers.get('authorization')).toBe('Bearer t1');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.headers.get('accept')).toBe('application/json');
  });

  it('shares one refresh among parallel calls after a 401 and retries each call once', async () => {
    let refreshes = 0;
    serve(async (req) => {
      if (path(req) === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 20));
        return json(200, session('fresh'));
      }
      return req.headers.get('authorization') === 'Bearer fresh'
        ? json(200, { path: path(req) })
        : json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
    });
    const { httpClient, setSession } = await load();
    setSession(session('stale'));
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => httpClient(`/api/n/${i}`)));
    expect(results.map((r) => r.json.path)).toEqual(['/api/n/1', '/api/n/2', '/api/n/3', '/api/n/4', '/api/n/5']);
    expect(refreshes).toBe(1);
    expect(calls.filter((c) => path(c) === '/api/n/1')).toHaveLength(2);
  });

  it('ends the session and tells the app when the refresh is refused (401 → /login)', async () => {
    serve((req) =>
      path(req) === '/api/auth/refresh'
        ? json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' })
        : json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }),
    );
    const { httpClient, setSession, onSessionExpired, currentToken } = await load();
    setSession(session('old'));
    const expired = vi.fn();
    onSessionExpired(expired);
    await expect(httpClient('/api/things')).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(currentToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('never signs out on a 403', async () => {
    serve(() => json(403, { message: 'Email Not Verified', code: 'EMAIL_NOT_VERIFIED' }));
    const { httpClient, setSession, currentToken, authProvider } = await load();
    setSession(session('t'));
    const error = await httpClient('/api/things').catch((e) => e);
    expect(error).toMatchObject({ status: 403, message: 'Email Not Verified', body: { code: 'EMAIL_NOT_VERIFIED' } });
    await expect(authProvider.checkError(error)).resolves.toBeUndefined();
    expect(currentToken()).toBe('t');
    expect(calls.map(path)).toEqual(['/api/things']);
  });

  it('carries the server error body { message, code, errors } on the HttpError', async () => {
    serve(() =>
      json(400, { message: 'The email entered is invalid', code: 'VALIDATION', errors: { email: 'The email entered is invalid' } }),
    );
    const { httpClient } = await load();
    await expect(httpClient('/api/auth/register', { method: 'POST', auth: false, body: '{}' })).rejects.toMatchObject({
      status: 400,
      message: 'The email entered is invalid',
      body: { code: 'VALIDATION', errors: { email: 'The email entered is invalid' } },
    });
  });

  it('reports no answer as 444 and a request that cannot be built as 417', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    const { httpClient } = await load();
    await expect(httpClient('/api/x', { auth: false })).rejects.toMatchObject({
      status: 444,
      message: 'The request was made but no response was received',
    });
    await expect(httpClient('/api/x', { auth: false, headers: { 'X-Bad': 'line\nbreak' } })).rejects.toMatchObject({
      status: 417,
      message: 'Something happened in setting up the request that triggered an Error',
    });
  });

  it('gives up after the timeout with 444', async () => {
    serve(
      (req) =>
        new Promise<Response>((_, reject) => {
          req.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { httpClient } = await load();
    await expect(httpClient('/api/slow', { auth: false, timeoutMs: 30 })).rejects.toMatchObject({ status: 444 });
  });
});

describe('authProvider', () => {
  it('asks for the super-admin flag once per access token, again when the token changes, never when anonymous', async () => {
    let admin = false;
    serve((req) => {
      if (path(req) === '/api/auth/refresh') return json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
      if (path(req) === '/api/users/is_super_admin') return json(200, { isSuperAdmin: admin });
      return json(404, { message: 'nope' });
    });
    const { authProvider, setSession, clearSession } = await load();
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ isSuperAdmin: false });
    expect(calls.filter((c) => path(c) === '/api/users/is_super_admin')).toHaveLength(0);

    setSession(session('a'));
    await authProvider.getPermissions!({});
    await authProvider.getPermissions!({});
    expect(calls.filter((c) => path(c) === '/api/users/is_super_admin')).toHaveLength(1);

    admin = true;
    setSession(session('b'));
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ isSuperAdmin: true });
    expect(calls.filter((c) => path(c) === '/api/users/is_super_admin')).toHaveLength(2);

    clearSession();
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ isSuperAdmin: false });
    expect(calls.filter((c) => path(c) === '/api/users/is_super_admin')).toHaveLength(2);
  });

  it('keeps a reloaded page signed in through the refresh cookie, and rejects quietly without one', async () => {
    serve((req) => (path(req) === '/api/auth/refresh' ? json(200, session('from-cookie')) : json(404, { message: 'nope' })));
    let p = await load();
    await expect(p.authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(p.authProvider.getIdentity!()).resolves.toMatchObject({
      id: 'u1',
      fullName: 'Ada Lovelace',
      email: 'u1@example.com',
      emailVerified: true,
    });

    serve(() => json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    p = await load();
    await expect(p.authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('asks nothing for a visitor who never signed in (no session cookie), so no 401 is logged', async () => {
    document.cookie = `${HINT}=; path=/; max-age=0`;
    serve(() => json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    const p = await load();
    await expect(p.authProvider.checkAuth({})).rejects.toEqual({ message: false });
    await expect(p.getAccessToken()).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('signs in, signs out on the server, and ends the session on a 401 without turning the failed call into a success', async () => {
    serve((req) => {
      if (path(req) === '/api/auth/login') return json(200, session('L'));
      if (path(req) === '/api/auth/logout') return new Response(null, { status: 204 });
      return json(404, { message: 'nope' });
    });
    const { authProvider, currentToken, onSessionExpired } = await load();
    const expired = vi.fn();
    onSessionExpired(expired);
    await authProvider.login({ email: 'u1@example.com', password: 'secret secret' });
    expect(currentToken()).toBe('L');
    expect(await calls[0].json()).toEqual({ email: 'u1@example.com', password: 'secret secret' });

    // Resolving keeps react-admin from answering the failed call with an empty success ({ data: {} });
    // the session watcher, told through onSessionExpired, takes the user to /login.
    await expect(authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    expect(currentToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);

    await authProvider.login({ email: 'u1@example.com', password: 'secret secret' });
    await authProvider.logout({});
    const logout = calls.find((c) => path(c) === '/api/auth/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.headers.get('authorization')).toBe('Bearer L');
    expect(logout.headers.get('content-type')).toBe('application/json');
    expect(currentToken()).toBeNull();
  });
});
