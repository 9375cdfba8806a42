import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser } from '../../helpers/users';
import type { MailMessage } from '../../../server/infra/mail';

const logLines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } } });
});
afterAll(() => ctx.close());

const requestReset = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email } });

/** Holds every mail at the SMTP step until released, as a slow or hung mail server would. */
function stallMailer() {
  const original = ctx.services.mailer.send;
  const held: MailMessage[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  ctx.services.mailer.send = async (m) => {
    held.push(m);
    await gate;
  };
  return {
    held,
    release() {
      release();
      ctx.services.mailer.send = original;
    },
  };
}

describe('POST /api/auth/reset does not wait for the mail server', () => {
  it('answers an existing e-mail while its mail is still on its way, exactly as an unknown one', async () => {
    const user = await createUser(ctx, { email: 'queued@example.com' });
    const stalled = stallMailer();
    try {
      const known = await requestReset(user.email);
      expect(known.statusCode).toBe(200);
      await expect.poll(() => stalled.held.length).toBe(1);
      expect(stalled.held[0].to).toBe(user.email);
      const unknown = await requestReset('nobody-here@example.com');
      expect(unknown.body).toBe(known.body);
    } finally {
      stalled.release();
    }
  });

  it('a failing mail server leaves the answer alike; the queued mail keeps its link sealed and out of the logs', async () => {
    const user = await createUser(ctx, { email: 'smtp-down@example.com' });
    const original = ctx.services.mailer.send;
    let link = '';
    ctx.services.mailer.send = async (m) => {
      link = m.actionUrl ?? m.text.match(/https?:\/\/\S+oobCode\S+/)?.[0] ?? '';
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    };
    try {
      const res = await requestReset(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password Reset Email sent' });
      // The queue's worker tried to send it (and will again, with back-off).
      await expect.poll(() => link).not.toBe('');
      const code = new URL(link).searchParams.get('oobCode')!;
      expect(code.length).toBeGreaterThan(20);
      expect(logLines.join('\n')).not.toContain(code);
      const jobs = await ctx.pool.query(`SELECT data::text AS data FROM pgboss.job WHERE name = 'mail'`);
      expect(jobs.rows.length).toBeGreaterThan(0);
      for (const j of jobs.rows) expect(j.data).not.toContain(code);
    } finally {
      ctx.services.mailer.send = original;
    }
  });
});
