import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { appBody, APPSTORE, CERT, createApp, fillAppstore, PLIST, SECRETS, uploadCredential } from '../../helpers/apps';

let w: ShopWorld;
let outlets: { name: string; shopId: string }[];

beforeAll(async () => {
  w = await shopWorld();
  outlets = [{ name: 'Staffed Cafe', shopId: w.shop.id }];
});
afterAll(() => w.ctx.close());

const post = async (payload: Record<string, unknown>) =>
  w.ctx.app.inject({ method: 'POST', url: '/api/whitelabel/apps', headers: w.superAdmin.headers, payload });

describe('creating an app', () => {
  it('creates with the spec defaults and lists it', async () => {
    const app = await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.first', rememberShop: undefined });
    expect(app).toMatchObject({
      bundleId: 'com.servery.first',
      name: 'Servery Cafe',
      outlets,
      rememberShop: true,
      multiBrand: false,
      enableSearch: false,
      appstore: null,
      playstore: null,
    });
    const list = await w.ctx.app.inject({ url: '/api/whitelabel/apps', headers: w.superAdmin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { bundleId: string }) => a.bundleId)).toContain('com.servery.first');
    expect(list.headers['content-range']).toMatch(/^apps 0-\d+\/\d+$/);
  });

  it("requires a bundle id: 'Enter bundleId'", async () => {
    for (const bundleId of [undefined, '', '   ']) {
      const res = await post(await appBody(w.ctx, w.superAdmin, outlets, { bundleId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.bundleId).toBe('Enter bundleId');
    }
  });

  it('takes bundle ids in reverse-DNS form only', async () => {
    for (const bundleId of [
      'servery',
      'Com.Servery.Cafe',
      'com..cafe',
      'com.servery.',
      '.com.cafe',
      'com.1cafe',
      'com.ser-very',
      'com.servery cafe',
    ]) {
      const res = await post(await appBody(w.ctx, w.superAdmin, outlets, { bundleId }));
      expect({ bundleId, status: res.statusCode, msg: res.json().errors?.bundleId }).toEqual({
        bundleId,
        status: 400,
        msg: 'Use reverse-DNS form such as com.servery.cafe: lower-case letters and digits, at least two parts separated by dots, each part starting with a letter',
      });
    }
    const ok = await post(await appBody(w.ctx, w.superAdmin, outlets, { bundleId: 'au.com.cafe2' }));
    expect(ok.statusCode).toBe(201);
  });

  it("refuses a duplicate with 409 'Bundle ID already exists.'", async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.dup' });
    const res = await post(await appBody(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.dup' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Bundle ID already exists.', code: 'BUNDLE_ID_EXISTS' });
  });

  it('checks name, outlets, logo and the shop select page texts', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'ab' }, 'name', 'should be at least 3 characters'],
      [{ name: 'x'.repeat(25) }, 'name', 'should not be larger than 24 characters'],
      [{ name: undefined }, 'name', 'Name is required'],
      [{ outlets: [] }, 'outlets', 'Add at least one outlet'],
      [{ outlets: [{ name: 'ab', shopId: w.shop.id }] }, 'outlets.0.name', 'should be at least 3 characters'],
      [{ outlets: [{ name: 'Shop', shopId: '' }] }, 'outlets.0.shopId', 'Shop is required'],
      [{ outlets: [...outlets, ...outlets] }, 'outlets.1.shopId', 'This shop is already an outlet of the app'],
      [
        { outlets: [{ name: 'Ghost', shopId: '00000000-0000-4000-8000-000000000000' }] },
        'outlets.0.shopId',
        'Cannot find shop with id 00000000-0000-4000-8000-000000000000',
      ],
      [{ logo: undefined }, 'logo', 'Logo is required'],
      [
        { logo: { path: 'img/00000000-0000-4000-8000-000000000000.png' } },
        'logo',
        'Use an image uploaded to Servery by you or this shop. Upload it again.',
      ],
      [{ shopSelectPageTitle: 'ab' }, 'shopSelectPageTitle', 'should be at least 3 characters'],
      [{ shopSelectPageTitle: 'x'.repeat(25) }, 'shopSelectPageTitle', 'should not be larger than 24 characters'],
      [{ shopSelectPageSubtitle: 'x'.repeat(101) }, 'shopSelectPageSubtitle', 'should not be larger than 100 characters'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post(await appBody(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.rules', ...overrides }));
      expect({ field, status: res.statusCode, message: res.json().errors?.[field] }).toEqual({ field, status: 400, message });
    }
    const optional = await post(
      await appBody(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.rules', shopSelectPageTitle: '', shopSelectPageSubtitle: '' }),
    );
    expect(optional.statusCode).toBe(201);
    expect(optional.json()).toMatchObject({ shopSelectPageTitle: null, shopSelectPageSubtitle: null });
  });
});

describe('one app', () => {
  it("reads and saves tab Basic; the bundle id never changes; unknown ids answer 'Cannot find app with id …'", async () => {
    const app = await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.edit' });
    const got = await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.edit', headers: w.superAdmin.headers });
    expect(got.json()).toEqual(app);
    const put = await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/apps/com.servery.edit',
      headers: w.superAdmin.headers,
      payload: {
        ...app,
        bundleId: 'com.hijack.id',
        name: 'Renamed App',
        outlets: [{ name: 'Outsider', shopId: w.otherShop.id }, ...outlets],
        multiBrand: true,
        shopSelectPageTitle: 'Pick a shop',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      bundleId: 'com.servery.edit',
      name: 'Renamed App',
      multiBrand: true,
      shopSelectPageTitle: 'Pick a shop',
      outlets: [{ name: 'Outsider', shopId: w.otherShop.id }, ...outlets],
    });
    const missing = await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.nobody.here', headers: w.superAdmin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Cannot find app with id com.nobody.here', code: 'NOT_FOUND' });
    const putMissing = await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/apps/com.nobody.here',
      headers: w.superAdmin.headers,
      payload: { ...app, bundleId: undefined },
    });
    expect(putMissing.statusCode).toBe(404);
  });

  it('is for super admins only', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.private' });
    for (const user of [w.owner, w.staff, w.outsider]) {
      for (const url of [
        '/api/whitelabel/apps',
        '/api/whitelabel/apps/com.servery.private',
        '/api/whitelabel/apps/com.servery.private/appstore',
        '/api/whitelabel/apps/com.servery.private/files/apnsCert',
      ]) {
        const res = await w.ctx.app.inject({ url, headers: user.headers });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      }
    }
    expect((await w.ctx.app.inject({ url: '/api/whitelabel/apps' })).statusCode).toBe(401);
  });
});

describe('store settings', () => {
  it('requires every Appstore field, secret and file', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.store' });
    const empty = await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.store/appstore', headers: w.superAdmin.headers });
    expect(empty.json()).toMatchObject({
      bundleName: null,
      secrets: { appleIdPassword: false, applicationSpecificPassword: false, apnsKey: false },
      apnsCertFile: null,
    });
    const res = await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/apps/com.servery.store/appstore',
      headers: w.superAdmin.headers,
      payload: { ...APPSTORE, appleIdPassword: undefined },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      appleIdPassword: 'Apple ID password is required',
      apnsCert: 'APNs certificate file is required',
      appstoreGoogleServices: 'GoogleService-Info file is required',
    });
    const blank = await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/apps/com.servery.store/appstore',
      headers: w.superAdmin.headers,
      payload: { ...APPSTORE, teamId: '' },
    });
    expect(blank.json().errors.teamId).toBe('Team ID is required');
  });

  it('keeps secrets sealed: never answered, not in the database or storage as plain text', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.secret' });
    await fillAppstore(w.ctx, w.superAdmin, 'com.servery.secret');
    const got = await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.secret/appstore', headers: w.superAdmin.headers });
    expect(got.statusCode).toBe(200);
    const body = got.json();
    expect(body).toMatchObject({
      bundleName: APPSTORE.bundleName,
      appleId: APPSTORE.appleId,
      teamId: APPSTORE.teamId,
      secrets: { appleIdPassword: true, applicationSpecificPassword: true, apnsKey: true },
      apnsCertFile: { name: 'apns.p12', size: CERT.length },
      apnsCertFileDownloadUrl: '/api/whitelabel/apps/com.servery.secret/files/apnsCert',
      googleServicesInfoFileDownloadUrl: '/api/whitelabel/apps/com.servery.secret/files/appstoreGoogleServices',
    });
    for (const secret of Object.values(SECRETS)) expect(got.body).not.toContain(secret);
    const { rows } = await w.ctx.pool.query(`SELECT t::text AS row FROM app_store_settings t`);
    for (const secret of [...Object.values(SECRETS), 'AIzaSecret']) expect(rows.map((r) => r.row).join('\n')).not.toContain(secret);
  });

  it('keeps a stored secret when a save leaves it out, and replaces it when given', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.keep' });
    await fillAppstore(w.ctx, w.superAdmin, 'com.servery.keep');
    const { appleIdPassword: _a, applicationSpecificPassword: _b, apnsKey: _c, ...plain } = APPSTORE;
    const res = await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/apps/com.servery.keep/appstore',
      headers: w.superAdmin.headers,
      payload: { ...plain, teamId: 'NEWTEAM' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      teamId: 'NEWTEAM',
      secrets: { appleIdPassword: true, applicationSpecificPassword: true, apnsKey: true },
    });
  });

  it('serves credential files to super admins only, sealed in storage', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.files' });
    const up = await uploadCredential(w.ctx, w.superAdmin, 'com.servery.files', 'apnsCert', CERT, 'apns.p12');
    expect(up.statusCode, up.body).toBe(200);
    const down = await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.files/files/apnsCert', headers: w.superAdmin.headers });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(CERT)).toBe(true);
    expect(down.headers['content-disposition']).toBe('attachment; filename="apns.p12"');
    const { rows } = await w.ctx.pool.query(
      `SELECT files->'apnsCert'->>'key' AS key FROM app_store_settings WHERE bundle_id = 'com.servery.files'`,
    );
    const stored = await w.ctx.services.storage.get(rows[0].key);
    expect(stored!.body.includes(CERT)).toBe(false);
    expect((await uploadCredential(w.ctx, w.owner, 'com.servery.files', 'apnsCert', CERT)).statusCode).toBe(403);
    expect((await uploadCredential(w.ctx, undefined, 'com.servery.files', 'apnsCert', CERT)).statusCode).toBe(401);
    const none = await uploadCredential(w.ctx, w.superAdmin, 'com.servery.files', 'apnsCert', Buffer.alloc(0));
    expect(none.json().message).toBe('Please select a file.');
    const big = await uploadCredential(w.ctx, w.superAdmin, 'com.servery.files', 'apnsCert', Buffer.alloc(300 * 1024, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is too large. The limit is 256 KB.');
    const absent = await w.ctx.app.inject({
      url: '/api/whitelabel/apps/com.servery.files/files/appstoreGoogleServices',
      headers: w.superAdmin.headers,
    });
    expect(absent.json()).toEqual({ message: 'Cannot find file with id appstoreGoogleServices', code: 'NOT_FOUND' });
    const wrongKind = await uploadCredential(w.ctx, w.superAdmin, 'com.servery.files', 'passwords', CERT);
    expect(wrongKind.statusCode).toBe(400);
  });

  it('keeps Playstore fields optional and length-limited', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.play' });
    const put = await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/apps/com.servery.play/playstore',
      headers: w.superAdmin.headers,
      payload: {},
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ bundleName: null, googleServicesInfoFile: null, googleServicesInfoFileDownloadUrl: null });
    const long = await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/whitelabel/apps/com.servery.play/playstore',
      headers: w.superAdmin.headers,
      payload: { bundleName: 'x'.repeat(201) },
    });
    expect(long.json().errors.bundleName).toBe('should not be larger than 200 characters');
    await uploadCredential(w.ctx, w.superAdmin, 'com.servery.play', 'playstoreGoogleServices', PLIST, 'google-services.json');
    const got = await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.play/playstore', headers: w.superAdmin.headers });
    expect(got.json()).toMatchObject({
      googleServicesInfoFileDownloadUrl: '/api/whitelabel/apps/com.servery.play/files/playstoreGoogleServices',
    });
  });
  it('keeps the stored Playstore bundle name when a save leaves it out, and clears it only when asked', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.playkeep' });
    const url = '/api/whitelabel/apps/com.servery.playkeep/playstore';
    const put = (payload: Record<string, unknown>) => w.ctx.app.inject({ method: 'PUT', url, headers: w.superAdmin.headers, payload });
    expect((await put({ bundleName: 'Servery Play' })).json().bundleName).toBe('Servery Play');
    const empty = await put({});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().bundleName).toBe('Servery Play');
    expect((await w.ctx.app.inject({ url, headers: w.superAdmin.headers })).json().bundleName).toBe('Servery Play');
    expect((await put({ bundleName: null })).json().bundleName).toBeNull();
  });
});

describe('requesting builds', () => {
  it('writes REQUESTED for the store and shows it on the list; iOS needs a complete Appstore tab', async () => {
    await createApp(w.ctx, w.superAdmin, outlets, { bundleId: 'com.servery.build' });
    const ios = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/apps/com.servery.build/builds',
      headers: w.superAdmin.headers,
      payload: { store: 'APPSTORE' },
    });
    expect(ios.statusCode).toBe(400);
    expect(ios.json().message).toBe('Fill in the Appstore tab before requesting an iOS build.');
    const bad = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/apps/com.servery.build/builds',
      headers: w.superAdmin.headers,
      payload: { store: 'WINDOWS' },
    });
    expect(bad.json().errors.store).toBe('store should be APPSTORE or PLAYSTORE');
    const android = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/apps/com.servery.build/builds',
      headers: w.superAdmin.headers,
      payload: { store: 'PLAYSTORE' },
    });
    expect(android.statusCode).toBe(201);
    const build = android.json();
    expect(build).toMatchObject({
      bundleId: 'com.servery.build',
      store: 'PLAYSTORE',
      status: 'REQUESTED',
      events: [{ status: 'REQUESTED' }],
    });
    expect(build.events[0].at).toBe(build.requestedAt);
    const app = (await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.build', headers: w.superAdmin.headers })).json();
    expect(app.playstore).toEqual({ status: 'REQUESTED', updatedTime: build.requestedAt, buildId: build.id });
    expect(app.appstore).toBeNull();
    const history = await w.ctx.app.inject({ url: '/api/whitelabel/apps/com.servery.build/builds', headers: w.superAdmin.headers });
    expect(history.json().map((b: { id: string }) => b.id)).toEqual([build.id]);
    const unknown = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/apps/com.nobody.here/builds',
      headers: w.superAdmin.headers,
      payload: { store: 'PLAYSTORE' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
