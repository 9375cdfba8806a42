import crypto from 'node:crypto';
import { users } from '../../server/infra/db/tables';
import { hashPassword } from '../../server/infra/auth/password';
import type { TestContext } from './app';

export const PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  token: string;
  /** The refresh cookie as the server set it ("name=value"). */
  cookie: string;
  headers: { authorization: string };
}

let hashed: Promise<string> | undefined;

/** Creates an account straight in the database (verified unless told otherwise) and signs it in through the API. */
export async function createUser(
  ctx: TestContext,
  opts: { email?: string; name?: string; verified?: boolean; superAdmin?: boolean; password?: string } = {},
): Promise<TestUser> {
  const email = (opts.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.com`).toLowerCase();
  const name = opts.name ?? 'Test User';
  const password = opts.password ?? PASSWORD;
  const passwordHash = password === PASSWORD ? await (hashed ??= hashPassword(PASSWORD)) : await hashPassword(password);
  const [row] = await ctx.db
    .insert(users)
    .values({
      email,
      name,
      passwordHash,
      emailVerifiedAt: opts.verified === false ? null : new Date(),
      isSuperAdmin: opts.superAdmin ?? false,
    })
    .returning({ id: users.id });
  const session = await login(ctx, email, password);
  return { id: row.id, email, name, password, ...session };
}

export async function login(ctx: TestContext, email: string, password: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = res.json().accessToken as string;
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .filter((c) => c.startsWith('servery_refresh='))
    .map((c) => c.split(';')[0])
    .join('; ');
  return { token, cookie, headers: { authorization: `Bearer ${token}` } };
}
