import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, PASSWORD } from '../../helpers/users';
import { outboxMailer } from '../../../server/infra/mail';
import { cookieHeader, JSON_TYPE } from '../../helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('token responses are never cached', () => {
  it('login and refresh answer Cache-Control: no-store', async () => {
    const user = await createUser(ctx);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...cookieHeader(user.cookie.slice('servery_refresh='.length)), ...JSON_TYPE },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
  });

  it('the e-mail action answers no-store too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/action',
      payload: { mode: 'verifyEmail', oobCode: 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('access tokens', () => {
  it('a token without exp, signed with the right key, is refused', async () => {
    const user = await createUser(ctx);
    const { sid } = JSON.parse(Buffer.from(user.token.split('.')[1], 'base64url').toString()) as { sid: string };
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const forever = await new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt().sign(key);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${forever}` } });
    expect(res.statusCode).toBe(401);
    // The same claims with an expiry are accepted, so the refusal is about exp alone.
    const bounded = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${bounded}` } })).statusCode).toBe(200);
  });
});

describe('outbox mails', () => {
  it('are written readable by the owner only (0600) in a 0700 folder', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-outbox-'));
    const dir = path.join(root, 'outbox');
    const previous = process.umask(0o022);
    try {
      const mailer = outboxMailer(dir, 'Servery <noreply@example.com>', () => undefined);
      await mailer.send({ to: 'someone@example.com', subject: 'Reset', text: 'secret link', html: '<p>secret link</p>' });
      const [file] = fs.readdirSync(dir);
      expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(previous);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
