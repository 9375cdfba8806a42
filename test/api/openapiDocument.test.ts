import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

interface Operation {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Document = { security: unknown[]; paths: Record<string, Record<string, Operation>> };

const served = async () => (await ctx.app.inject({ url: '/api/openapi.json' })).json() as Document;

/** Public to the guard, but their handlers ask for a token of their own (a build runner's) in the same header. */
const OWN_BEARER = ['POST /api/build-runner/claim', 'POST /api/build-runner/builds/{buildId}/status'];

const documentPath = (url: string) =>
  url
    .replace(/\/$/, '')
    .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    .replace(/\/\*$/, '/{path}');

describe('the security of each operation in the OpenAPI document', () => {
  it('is none for every route anyone may call, and the bearer token for every other', async () => {
    const doc = await served();
    expect(doc.security).toEqual([{ bearer: [] }]);
    const wrong: string[] = [];
    let publicOnes = 0;
    for (const route of ctx.app.routeTable) {
      const op = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) continue;
      const where = `${route.method} ${documentPath(route.url)}`;
      const isPublic = route.auth === 'public' && !route.shopRole && !OWN_BEARER.includes(where);
      const effective = op.security ?? doc.security;
      if (isPublic) publicOnes++;
      if (JSON.stringify(effective) !== JSON.stringify(isPublic ? [] : [{ bearer: [] }]))
        wrong.push(`${where} (${route.auth}${route.shopRole ? `, ${route.shopRole}` : ''}): security ${JSON.stringify(effective)}`);
    }
    expect(wrong).toEqual([]);
    // The customers' API, health, media, the short link and the webhook among them.
    expect(publicOnes).toBeGreaterThan(15);
  });

  it('documents a CSV answer as text/csv', async () => {
    const doc = await served();
    const csv = Object.entries(doc.paths).filter(([url]) => url.endsWith('.csv'));
    expect(csv.map(([url]) => url).sort()).toEqual([
      '/api/platform/audit.csv',
      '/api/reports/apps/{bundleId}/downloads/devices.csv',
      '/api/reports/shops/{shopId}/history.csv',
      '/api/reports/shops/{shopId}/orders.csv',
      '/api/reports/shops/{shopId}/sales.csv',
      '/api/shops/{shopId}/audit.csv',
      '/api/shops/{shopId}/items/export.csv',
    ]);
    for (const [url, item] of csv) {
      expect(Object.keys(item.get.responses['200'].content ?? {}), url).toEqual(['text/csv']);
      // Errors stay JSON.
      expect(Object.keys(item.get.responses['400'].content ?? {}), url).toEqual(['application/json']);
    }
  });
});
