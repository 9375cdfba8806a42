import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { login } from '../../helpers/users';
import { loadShopsDemo } from '../../../server/areas/shops/demo';
import { loadAppsDemo } from '../../../server/areas/apps/demo';
import { DEMO_PASSWORD } from '../../../server/areas/accounts/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('loadAppsDemo', () => {
  it('adds one app with the demo shops as outlets, a build history and devices over 90 days, once', async () => {
    await loadShopsDemo(ctx.services);
    expect(await loadAppsDemo(ctx.services)).toHaveLength(1);
    expect(await loadAppsDemo(ctx.services)).toEqual([]);
    const owner = await login(ctx, 'owner@servery.demo', DEMO_PASSWORD);
    const shops = (await ctx.app.inject({ url: '/api/shops', headers: owner.headers })).json() as { id: string }[];
    const apps = await ctx.app.inject({ url: `/api/reports/shops/${shops[0].id}/apps`, headers: owner.headers });
    expect(apps.json()).toEqual([{ bundle_id: 'com.servery.demo', bundle_name: 'Servery Demo' }]);
    const stats = (await ctx.app.inject({ url: '/api/reports/apps/com.servery.demo/downloads/stats', headers: owner.headers })).json();
    expect(stats.totalDownloads).toBe(360);
    expect(stats.iosDownloads).toBeGreaterThan(0);
    expect(stats.androidDownloads).toBeGreaterThan(0);
    const daily = (await ctx.app.inject({ url: '/api/reports/apps/com.servery.demo/downloads/daily', headers: owner.headers })).json();
    expect(daily.days.filter((d: { ios: number; android: number }) => d.ios + d.android > 0).length).toBeGreaterThan(30);
    const { rows } = await ctx.pool.query(`SELECT store, status FROM app_builds WHERE bundle_id = 'com.servery.demo' ORDER BY requested_at`);
    expect(rows).toEqual([
      { store: 'APPSTORE', status: 'SUCCESS' },
      { store: 'PLAYSTORE', status: 'FAILURE' },
      { store: 'PLAYSTORE', status: 'REQUESTED' },
    ]);
  });
});
