import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { createTestContext } from '../../helpers/app';
import { createUser } from '../../helpers/users';
import { expectRetryAfter, ipSource, LIMITED } from '../../helpers/rateLimits';
import { createApp } from '../../helpers/apps';

let w: ShopWorld;
const nextIp = ipSource(212);

beforeAll(async () => {
  w = await shopWorld();
  await createApp(w.ctx, w.superAdmin, [{ name: 'Staffed Cafe', shopId: w.shop.id }], {
    bundleId: 'com.servery.dl',
    name: 'Downloads App',
  });
});
afterAll(() => w.ctx.close());

const device = (id: string, overrides: Record<string, unknown> = {}) => ({
  device_id: id,
  uid: null,
  os: 'ios',
  manufacturer: 'Apple',
  brand: 'Apple',
  model: 'iPhone15,2',
  carrier: 'Telstra',
  device_country: 'AU',
  timezone: 'Australia/Sydney',
  version: '1.4.0',
  build_number: '140',
  api_level: '17.1',
  ...overrides,
});
const register = (bundleId: string, payload: Record<string, unknown>, ip = nextIp(), secret?: string) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api/storefront/apps/${bundleId}/devices`,
    payload,
    remoteAddress: ip,
    headers: secret === undefined ? {} : { 'x-device-secret': secret },
  });
const deviceRow = async (id: string) =>
  (
    await w.ctx.pool.query(
      `SELECT os, model, version, uid, updated_at FROM app_devices WHERE bundle_id = 'com.servery.dl' AND device_id = $1`,
      [id],
    )
  ).rows;
const stats = async () => (await read('/api/reports/apps/com.servery.dl/downloads/stats')).json();
const read = (url: string, headers = w.owner.headers) => w.ctx.app.inject({ url, headers });

describe('device registration', () => {
  it('creates a record, then updates the same device_id with its secret (updated_at moves)', async () => {
    const first = await register('com.servery.dl', device('dev-upsert'));
    expect(first.statusCode).toBe(201);
    const { created, deviceSecret } = first.json();
    expect(created).toBe(true);
    expect(deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    w.ctx.clock.advance(60_000);
    const again = await register(
      'com.servery.dl',
      device('dev-upsert', { version: '1.5.0', os: 'android', api_level: 34 }),
      nextIp(),
      deviceSecret,
    );
    expect(again.statusCode).toBe(200);
    // The secret is handed out once: a refresh does not repeat it.
    expect(again.json()).toEqual({ created: false });
    const { rows } = await w.ctx.pool.query(
      `SELECT version, os, api_level, updated_at > created_at AS moved FROM app_devices WHERE device_id = 'dev-upsert'`,
    );
    expect(rows).toEqual([{ version: '1.5.0', os: 'android', api_level: '34', moved: true }]);
  });

  // One character off the real secret (a secret that already ends in 'A' gets a 'B').
  const wrongLastCharacter = (secret: string) => secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');

  it('refuses a later registration of the same device_id without its secret, or with a wrong one, and changes nothing', async () => {
    const first = await register('com.servery.dl', device('dev-owned', { uid: 'customer-1' }));
    expect(first.statusCode).toBe(201);
    const before = { row: await deviceRow('dev-owned'), stats: await stats() };
    w.ctx.clock.advance(60_000);
    const takeover = device('dev-owned', { uid: 'attacker', os: 'android', model: 'Evil 1', version: '6.6.6' });
    for (const secret of [undefined, '', 'not-the-secret', wrongLastCharacter(first.json().deviceSecret)]) {
      const res = await register('com.servery.dl', takeover, nextIp(), secret);
      expect({ secret, status: res.statusCode, body: res.json() }).toEqual({
        secret,
        status: 403,
        body: {
          message:
            'This device is already registered. Send the X-Device-Secret header with the deviceSecret returned when it was first registered.',
          code: 'DEVICE_SECRET_MISMATCH',
        },
      });
    }
    expect({ row: await deviceRow('dev-owned'), stats: await stats() }).toEqual(before);
  });

  it('stores only a hash of the secret', async () => {
    const { deviceSecret } = (await register('com.servery.dl', device('dev-hashed'))).json();
    const { rows } = await w.ctx.pool.query(`SELECT secret_hash FROM app_devices WHERE device_id = 'dev-hashed'`);
    expect(rows[0].secret_hash).toBe(crypto.createHash('sha256').update(deviceSecret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(deviceSecret);
  });

  it('registers a device once when its first registrations race: one secret, the others refused', async () => {
    const before = await stats();
    const results = await Promise.all(Array.from({ length: 6 }, () => register('com.servery.dl', device('dev-race'))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await stats()).toEqual({ ...before, totalDownloads: before.totalDownloads + 1, iosDownloads: before.iosDownloads + 1 });
  });

  it('binds a device recorded before secrets existed to the first registration that reaches it', async () => {
    const at = w.ctx.clock.now().toISOString();
    await w.ctx.pool.query(
      `INSERT INTO app_devices (bundle_id, device_id, os, created_at, updated_at) VALUES ('com.servery.dl', 'dev-legacy', 'ios', $1, $1)`,
      [at],
    );
    const before = await stats();
    const claim = await register('com.servery.dl', device('dev-legacy', { version: '2.0.0' }));
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toEqual({ created: false, deviceSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect((await register('com.servery.dl', device('dev-legacy', { version: '6.6.6' }))).statusCode).toBe(403);
    expect(
      (await register('com.servery.dl', device('dev-legacy', { version: '2.1.0' }), nextIp(), claim.json().deviceSecret)).statusCode,
    ).toBe(200);
    expect((await deviceRow('dev-legacy'))[0].version).toBe('2.1.0');
    expect(await stats()).toEqual(before);
  });

  it('answers 404 for an unknown bundle id and checks the fields', async () => {
    const unknown = await register('com.nobody.here', device('x'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Cannot find app with id com.nobody.here');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ device_id: '' }, 'device_id', 'device_id is required'],
      [{ device_id: 'x'.repeat(201) }, 'device_id', 'should not be larger than 200 characters'],
      [{ os: 'windows' }, 'os', 'os should be ios or android'],
      [{ model: 'x'.repeat(65) }, 'model', 'should not be larger than 64 characters'],
      [{ device_country: 'AUSTRALIA!' }, 'device_country', 'should not be larger than 8 characters'],
      [{ uid: 'u'.repeat(129) }, 'uid', 'should not be larger than 128 characters'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await register('com.servery.dl', device('dev-rules', overrides));
      expect({ field, status: res.statusCode, message: res.json().errors?.[field] }).toEqual({ field, status: 400, message });
    }
  });

  it('is limited per IP with the shared limiter', async () => {
    const ctx = await createTestContext({ env: { DEVICE_REGISTRATIONS_PER_MINUTE: '3' } });
    try {
      const root = await createUser(ctx, { email: 'root@example.com', superAdmin: true });
      const shop = await createShop(ctx, root, { name: 'Limit Cafe' });
      await createApp(ctx, root, [{ name: 'Limit Cafe', shopId: shop.id }], { bundleId: 'com.servery.limit' });
      const send = (id: string, ip: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/storefront/apps/com.servery.limit/devices', payload: device(id), remoteAddress: ip });
      for (const id of ['a', 'b', 'c']) expect((await send(id, '10.212.9.9')).statusCode).toBe(201);
      const limited = await send('d', '10.212.9.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(LIMITED);
      expectRetryAfter(limited, 60);
      expect((await send('d', '10.212.9.10')).statusCode).toBe(201);
    } finally {
      await ctx.close();
    }
  });
});

describe('reading downloads', () => {
  it("lists the shop's apps; a shop in no app gets an empty list; a stranger to the shop a 404", async () => {
    expect((await read(`/api/reports/shops/${w.shop.id}/apps`)).json()).toEqual([
      { bundle_id: 'com.servery.dl', bundle_name: 'Downloads App' },
    ]);
    expect((await read(`/api/reports/shops/${w.shop.id}/apps`, w.staff.headers)).statusCode).toBe(200);
    expect((await read(`/api/reports/shops/${w.otherShop.id}/apps`, w.outsider.headers)).json()).toEqual([]);
    const stranger = await read(`/api/reports/shops/${w.shop.id}/apps`, w.outsider.headers);
    expect(stranger.statusCode).toBe(404);
    expect((await w.ctx.app.inject({ url: `/api/reports/shops/${w.shop.id}/apps` })).statusCode).toBe(401);
  });

  it('counts, pages 100 at a time with hasMore right, charts 90 days and exports CSV', async () => {
    await createApp(w.ctx, w.superAdmin, [{ name: 'Staffed Cafe', shopId: w.shop.id }], { bundleId: 'com.servery.many' });
    const values: string[] = [];
    const now = w.ctx.clock.now().getTime();
    for (let i = 0; i < 250; i++) {
      const at = new Date(now - i * 3_600_000).toISOString();
      values.push(`('com.servery.many', 'dev-${String(i).padStart(3, '0')}', '${i % 5 === 0 ? 'android' : 'ios'}', '${at}', '${at}')`);
    }
    await w.ctx.pool.query(`INSERT INTO app_devices (bundle_id, device_id, os, created_at, updated_at) VALUES ${values.join(',')}`);
    const stats = await read('/api/reports/apps/com.servery.many/downloads/stats');
    expect(stats.json()).toEqual({ totalDownloads: 250, iosDownloads: 200, androidDownloads: 50 });

    const pages = [1, 2, 3, 4].map((n) => read(`/api/reports/apps/com.servery.many/downloads/devices?pageNumber=${n}&limit=100`));
    const [p1, p2, p3, p4] = (await Promise.all(pages)).map((r) => r.json());
    expect([p1.list.length, p1.hasMore, p2.list.length, p2.hasMore, p3.list.length, p3.hasMore, p4.list.length, p4.hasMore]).toEqual([
      100,
      true,
      100,
      true,
      50,
      false,
      0,
      false,
    ]);
    expect(p1.list[0]).toMatchObject({ device_id: 'dev-000', os: 'android' });
    expect(Object.keys(p1.list[0]).sort()).toEqual(
      [
        'device_id',
        'uid',
        'updated_at',
        'os',
        'manufacturer',
        'brand',
        'model',
        'carrier',
        'device_country',
        'timezone',
        'version',
        'build_number',
        'api_level',
      ].sort(),
    );
    const all = [...p1.list, ...p2.list, ...p3.list].map((d: { device_id: string }) => d.device_id);
    expect(new Set(all).size).toBe(250);
    expect((await read('/api/reports/apps/com.servery.many/downloads/devices?pageNumber=1&limit=101')).statusCode).toBe(400);
    expect((await read('/api/reports/apps/com.servery.many/downloads/devices?pageNumber=0')).statusCode).toBe(400);

    const daily = (await read('/api/reports/apps/com.servery.many/downloads/daily')).json().days;
    expect(daily).toHaveLength(90);
    expect(daily.reduce((s: number, d: { ios: number; android: number }) => s + d.ios + d.android, 0)).toBe(250);

    const csv = await read('/api/reports/apps/com.servery.many/downloads/devices.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'device_id,uid,updated_at,os,manufacturer,brand,model,carrier,device_country,timezone,version,build_number,api_level',
    );
    expect(lines).toHaveLength(251);
  });

  it('keeps formulas out of the CSV', async () => {
    await createApp(w.ctx, w.superAdmin, [{ name: 'Staffed Cafe', shopId: w.shop.id }], { bundleId: 'com.servery.csv' });
    await register('com.servery.csv', device('=HYPERLINK("http://evil")', { model: '+cmd', carrier: '@SUM(A1)', brand: '-2+3' }));
    const csv = await read('/api/reports/apps/com.servery.csv/downloads/devices.csv');
    const row = csv.body.trim().split('\n')[1];
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain("'+cmd");
    expect(row).toContain("'@SUM(A1)");
    expect(row).toContain("'-2+3");
  });

  it('lets members of an outlet shop and super admins read; anyone else (or an unknown app) gets 404', async () => {
    for (const path of ['stats', 'devices', 'daily', 'devices.csv']) {
      const url = `/api/reports/apps/com.servery.dl/downloads/${path}`;
      expect((await read(url, w.staff.headers)).statusCode).toBe(200);
      expect((await read(url, w.superAdmin.headers)).statusCode).toBe(200);
      const outsider = await read(url, w.outsider.headers);
      expect({ url, status: outsider.statusCode, body: outsider.json() }).toEqual({
        url,
        status: 404,
        body: { message: 'Cannot find app with id com.servery.dl', code: 'NOT_FOUND' },
      });
      expect((await read(url.replace('com.servery.dl', 'com.nobody.here'))).statusCode).toBe(404);
      expect((await w.ctx.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
