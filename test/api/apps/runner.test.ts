import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { APPSTORE, CERT, createApp, fillAppstore, PLIST, runnerToken, SECRETS } from '../../helpers/apps';
import { createShop } from '../../helpers/shopWorld';

/** The app's log, captured at the most verbose level, to prove no credential ever reaches it. */
const logLines: string[] = [];
let ctx: TestContext;
let root: TestUser;
let owner: TestUser;
let outlets: { name: string; shopId: string }[];

beforeAll(async () => {
  ctx = await createTestContext({ logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } } });
  root = await createUser(ctx, { email: 'root@example.com', superAdmin: true });
  owner = await createUser(ctx, { email: 'owner@example.com' });
  const shop = await createShop(ctx, owner, { name: 'Runner Cafe' });
  outlets = [{ name: 'Runner Cafe', shopId: shop.id }];
});
afterAll(() => ctx.close());

const claim = (headers?: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/build-runner/claim', headers });
const report = (buildId: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/build-runner/builds/${buildId}/status`, headers, payload });
const requestBuild = async (bundleId: string, store: 'APPSTORE' | 'PLAYSTORE') => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/whitelabel/apps/${bundleId}/builds`,
    headers: root.headers,
    payload: { store },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
/** Claims until nothing waits, so each test starts from an empty queue. */
async function drain(headers: Record<string, string>) {
  while ((await claim(headers)).json().build) {
    /* keep claiming */
  }
}

describe('runner tokens', () => {
  it('are shown once, stored hashed, listed without their value, and refused once revoked', async () => {
    const t = await runnerToken(ctx, root, 'GitHub Actions');
    expect(t.token).toMatch(/^sbr_[\w-]{43}$/);
    const list = await ctx.app.inject({ url: '/api/build-runner/tokens', headers: root.headers });
    expect(list.json()).toContainEqual(expect.objectContaining({ id: t.id, name: 'GitHub Actions', revokedAt: null }));
    expect(list.body).not.toContain(t.token);
    const { rows } = await ctx.pool.query('SELECT token_hash FROM build_runner_tokens WHERE id = $1', [t.id]);
    expect(rows[0].token_hash).not.toContain(t.token.slice(4));
    expect((await claim(t.headers)).statusCode).toBe(200);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/build-runner/tokens/${t.id}`, headers: root.headers });
    expect(del.statusCode).toBe(204);
    const refused = await claim(t.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'This build-runner token is unknown or has been revoked.', code: 'UNAUTHORIZED' });
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/build-runner/tokens/00000000-0000-4000-8000-000000000000',
      headers: root.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('need a name, and only super admins manage them', async () => {
    const noName = await ctx.app.inject({ method: 'POST', url: '/api/build-runner/tokens', headers: root.headers, payload: { name: '' } });
    expect(noName.json().errors.name).toBe('Name is required');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/build-runner/tokens', headers: owner.headers, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/build-runner/tokens', headers: owner.headers })).statusCode).toBe(403);
  });

  it('are the only way in: no header, a console session or a made-up token is a 401', async () => {
    expect((await claim()).statusCode).toBe(401);
    expect((await claim(root.headers)).statusCode).toBe(401);
    expect((await claim({ authorization: 'Bearer sbr_madeup' })).statusCode).toBe(401);
    expect((await report('00000000-0000-4000-8000-000000000000', root.headers, { status: 'RUNNING' })).statusCode).toBe(401);
  });
});

describe('the build flow', () => {
  it('REQUESTED → QUEUED (claimed with settings and opened credentials) → RUNNING → SUCCESS, with the history kept', async () => {
    const t = await runnerToken(ctx, root);
    await drain(t.headers);
    await createApp(ctx, root, outlets, { bundleId: 'com.servery.flow' });
    await fillAppstore(ctx, root, 'com.servery.flow');
    const build = await requestBuild('com.servery.flow', 'APPSTORE');

    const claimed = await claim(t.headers);
    expect(claimed.statusCode).toBe(200);
    const body = claimed.json();
    expect(body.build).toMatchObject({ id: build.id, status: 'QUEUED', store: 'APPSTORE' });
    expect(body.app).toMatchObject({ bundleId: 'com.servery.flow', outlets });
    expect(body.store.settings).toMatchObject({ bundleName: APPSTORE.bundleName, teamId: APPSTORE.teamId });
    expect(body.store.secrets).toEqual(SECRETS);
    expect(Buffer.from(body.store.files.apnsCert.contentBase64, 'base64').equals(CERT)).toBe(true);
    expect(Buffer.from(body.store.files.appstoreGoogleServices.contentBase64, 'base64').equals(PLIST)).toBe(true);
    expect((await claim(t.headers)).json()).toEqual({ build: null });

    const running = await report(build.id, t.headers, { status: 'RUNNING', message: 'fastlane gym' });
    expect(running.json()).toMatchObject({ status: 'RUNNING', message: 'fastlane gym' });
    const done = await report(build.id, t.headers, {
      status: 'SUCCESS',
      message: 'Uploaded to TestFlight',
      artifactUrl: 'https://ci.example.com/artifacts/1.ipa',
    });
    expect(done.json()).toMatchObject({ status: 'SUCCESS', artifactUrl: 'https://ci.example.com/artifacts/1.ipa' });
    expect(done.json().events.map((e: { status: string }) => e.status)).toEqual(['REQUESTED', 'QUEUED', 'RUNNING', 'SUCCESS']);

    const again = await report(build.id, t.headers, { status: 'RUNNING' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Build ${build.id} is SUCCESS; it cannot move to RUNNING.`);
    const app = (await ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.flow', headers: root.headers })).json();
    expect(app.appstore).toMatchObject({ status: 'SUCCESS', buildId: build.id });
  });

  it("checks a report's body, and another runner's build is a 404", async () => {
    const mine = await runnerToken(ctx, root, 'mine');
    const other = await runnerToken(ctx, root, 'other');
    await drain(mine.headers);
    await createApp(ctx, root, outlets, { bundleId: 'com.servery.other' });
    const build = await requestBuild('com.servery.other', 'PLAYSTORE');
    expect((await claim(mine.headers)).json().build.id).toBe(build.id);
    expect((await report(build.id, other.headers, { status: 'RUNNING' })).statusCode).toBe(404);
    const bad = await report(build.id, mine.headers, { status: 'QUEUED' });
    expect(bad.json().errors.status).toBe('status should be RUNNING, SUCCESS or FAILURE');
    const badUrl = await report(build.id, mine.headers, { status: 'SUCCESS', artifactUrl: 'javascript:alert(1)' });
    expect(badUrl.json().errors.artifactUrl).toBe('artifactUrl should be an http(s) URL');
    const failed = await report(build.id, mine.headers, { status: 'FAILURE', message: 'signing failed' });
    expect(failed.json()).toMatchObject({ status: 'FAILURE', message: 'signing failed' });
  });

  it('gives two runners claiming at once different builds, oldest first, and never one build twice', async () => {
    const a = await runnerToken(ctx, root, 'a');
    const b = await runnerToken(ctx, root, 'b');
    await drain(a.headers);
    await createApp(ctx, root, outlets, { bundleId: 'com.servery.race' });
    const first = await requestBuild('com.servery.race', 'PLAYSTORE');
    ctx.clock.advance(1000);
    const second = await requestBuild('com.servery.race', 'PLAYSTORE');
    const answers = await Promise.all([claim(a.headers), claim(b.headers), claim(a.headers)]);
    const ids = answers.map((r) => r.json().build?.id ?? null);
    expect(ids.filter(Boolean).sort()).toEqual([first.id, second.id].sort());
    expect(ids.filter((id) => id === null)).toHaveLength(1);
  });
});

describe('logs', () => {
  it('never hold a credential, a runner token or a credential file', async () => {
    const t = await runnerToken(ctx, root, 'log check');
    await drain(t.headers);
    await createApp(ctx, root, outlets, { bundleId: 'com.servery.logs' });
    await fillAppstore(ctx, root, 'com.servery.logs');
    await requestBuild('com.servery.logs', 'APPSTORE');
    expect((await claim(t.headers)).json().store.secrets).toEqual(SECRETS);
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [...Object.values(SECRETS), t.token, CERT.toString(), 'AIzaSecret', CERT.toString('base64')])
      expect(log).not.toContain(secret);
  });
});
