import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser } from '../../helpers/users';
import { parseAdminArgs, runAdminCommand, USAGE } from '../../../server/cli/admin';
import { DataDirInUseError, runningEmbeddedUrl } from '../../../server/infra/db/embedded';
import { loadAccountsDemo } from '../../../server/areas/accounts/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function run(args: string[]) {
  const info: string[] = [];
  const error: string[] = [];
  const command = parseAdminArgs(args);
  if ('error' in command) throw new Error(command.error);
  const code = await runAdminCommand(command, ctx.db, { info: (l) => info.push(l), error: (l) => error.push(l) });
  return { code, info, error };
}

const isSuperAdmin = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/users/is_super_admin', headers });

describe('npm run admin', () => {
  it('promote and demote take effect on the very next request of a signed-in user', async () => {
    const user = await createUser(ctx, { email: 'Promoted@Example.com' });
    expect((await isSuperAdmin(user.headers)).json()).toEqual({ isSuperAdmin: false });

    const promoted = await run(['promote', 'PROMOTED@example.com']);
    expect(promoted).toEqual({
      code: 0,
      info: ['promoted@example.com is now a super admin (effective on their next request).'],
      error: [],
    });
    expect((await isSuperAdmin(user.headers)).json()).toEqual({ isSuperAdmin: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).json().isSuperAdmin).toBe(true);

    expect((await run(['promote', 'promoted@example.com'])).info).toEqual([
      'promoted@example.com is already a super admin; nothing changed.',
    ]);
    expect((await run(['list-admins'])).info).toContain('promoted@example.com\tTest User');

    const demoted = await run(['demote', 'promoted@example.com']);
    expect(demoted.code).toBe(0);
    expect(demoted.info[0]).toBe('promoted@example.com is no longer a super admin (effective on their next request).');
    expect((await isSuperAdmin(user.headers)).json()).toEqual({ isSuperAdmin: false });
    expect((await run(['demote', 'promoted@example.com'])).info).toEqual(['promoted@example.com was not a super admin; nothing changed.']);
  });

  it('answers exit code 1 with a clear message for an unknown e-mail', async () => {
    for (const name of ['promote', 'demote']) {
      const res = await run([name, 'nobody-here@example.com']);
      expect(res).toEqual({
        code: 1,
        info: [],
        error: ['No account has the email nobody-here@example.com. The user must register first.'],
      });
    }
  });

  it('parses its arguments strictly', () => {
    expect(parseAdminArgs([])).toEqual({ error: USAGE });
    expect(parseAdminArgs(['promote'])).toEqual({ error: USAGE });
    expect(parseAdminArgs(['promote', 'a@b.co', 'extra'])).toEqual({ error: USAGE });
    expect(parseAdminArgs(['list-admins', 'x'])).toEqual({ error: USAGE });
    expect(parseAdminArgs(['delete', 'a@b.co'])).toEqual({ error: USAGE });
    expect(parseAdminArgs(['promote', 'not-an-email'])).toEqual({ error: '"not-an-email" is not an email address.' });
    expect(parseAdminArgs(['demote', ' A@B.co '])).toEqual({ name: 'demote', email: 'a@b.co' });
    expect(parseAdminArgs(['list-admins'])).toEqual({ name: 'list-admins' });
  });
});

describe('runningEmbeddedUrl', () => {
  it('finds the URL of a live server, ignores a dead one, and refuses while a live one has not published it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-cli-'));
    try {
      expect(runningEmbeddedUrl(dir)).toBeNull(); // nobody holds the folder
      fs.writeFileSync(path.join(dir, 'servery.lock'), String(process.ppid)); // a live process that is not us
      expect(() => runningEmbeddedUrl(dir)).toThrow(DataDirInUseError);
      fs.writeFileSync(path.join(dir, '.pg-url'), 'postgres://servery:x@127.0.0.1:5999/servery\n', { mode: 0o600 });
      expect(runningEmbeddedUrl(dir)).toBe('postgres://servery:x@127.0.0.1:5999/servery');
      fs.writeFileSync(path.join(dir, 'servery.lock'), '999999999'); // a process that has died
      expect(runningEmbeddedUrl(dir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('demo accounts', () => {
  it('creates verified logins once, and leaves existing accounts alone', async () => {
    const logins = await loadAccountsDemo(ctx.services);
    expect(logins).toEqual([
      { role: 'super admin', email: 'admin@servery.demo', password: 'servery-demo' },
      { role: 'shop owner', email: 'owner@servery.demo', password: 'servery-demo' },
      { role: 'staff', email: 'staff@servery.demo', password: 'servery-demo' },
    ]);
    expect(await loadAccountsDemo(ctx.services)).toEqual(logins);
    for (const l of logins) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: l.email, password: l.password } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ emailVerified: true, isSuperAdmin: l.role === 'super admin' });
    }
  });
});
