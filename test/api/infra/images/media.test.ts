import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestContext, type TestContext } from '../../../helpers/app';
import { createUser } from '../../../helpers/users';
import { asFile, fetchMedia, jpeg, upload } from '../../../helpers/uploads';

let ctx: TestContext;
let imagePath: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx);
  const res = await upload(ctx, user.headers, asFile(await jpeg(640, 480), 'p.jpg', 'image/jpeg'));
  expect(res.statusCode).toBe(201);
  imagePath = res.json().path;
});
afterAll(() => ctx?.close());

describe('GET /api/media/*', () => {
  it('serves the image to anyone, cached for a year and never executable', async () => {
    for (const w of [undefined, 300, 130]) {
      const res = await fetchMedia(ctx, imagePath, w);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'");
      expect(res.headers['content-disposition']).toBe('inline');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(w ?? 640);
    }
  });

  it("may be embedded by customers' web apps on other origins (Cross-Origin-Resource-Policy), and only media may", async () => {
    for (const w of [undefined, 300])
      expect((await fetchMedia(ctx, imagePath, w)).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await ctx.app.inject({ method: 'HEAD', url: `/api/media/${imagePath}` })).headers['cross-origin-resource-policy']).toBe(
      'cross-origin',
    );
    for (const url of ['/api/health', '/api/openapi.json', '/api/shops/browse']) {
      expect((await ctx.app.inject({ url })).headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('serves only the 300 and 130 widths', async () => {
    const res = await fetchMedia(ctx, imagePath, 500);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The width must be 300 or 130.');
    expect((await ctx.app.inject({ url: `/api/media/${imagePath}?w=abc` })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown image', async () => {
    const res = await fetchMedia(ctx, `img/${crypto.randomUUID()}.webp`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await fetchMedia(ctx, `img/${crypto.randomUUID()}.webp`, 300)).statusCode).toBe(404);
  });

  it('reaches variants only through ?w= and nothing outside the image keys', async () => {
    const id = imagePath.slice(4, -5);
    // Something that exists in the data directory but is not an uploaded image.
    fs.writeFileSync(path.join(ctx.dataDir, 'secret.txt'), 'do not serve');
    const attempts = [
      `img/${id}_w300.webp`,
      `img/${id}.svg`,
      `img/${id}.WEBP`,
      `IMG/${id}.webp`,
      '../x',
      '..%2Fsecret.txt',
      '..%2F..%2Fsecret.txt',
      'img%2F..%2F..%2Fsecret.txt',
      `img/..%2F${id}.webp`,
      `img/%2e%2e/%2e%2e/secret.txt`,
      '%2e%2e%2f%2e%2e%2fsecret.txt',
      'uploads/../secret.txt',
      `img/${id}.webp%00.png`,
      '',
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject({ url: `/api/media/${attempt}` });
      expect([400, 404], attempt).toContain(res.statusCode);
      expect(res.body).not.toContain('do not serve');
    }
    const raw = await ctx.app.inject({ url: '/api/media/../secret.txt' });
    expect([400, 404]).toContain(raw.statusCode);
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/uploads'].post.responses['201']).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/media/'))).toBe(true);
  });
});
