import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../helpers/app';
import { createUser, type TestUser } from '../../../helpers/users';
import { localStorage, type Storage } from '../../../../server/infra/storage';
import { expectRetryAfter, LIMITED, retryAfter } from '../../../helpers/rateLimits';
import { asFile, jpeg, pixelFloodPng, png, upload } from '../../../helpers/uploads';
import { images } from '../../../../server/infra/db/tables';

describe('size and pixel limits from the configuration', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { UPLOAD_MAX_MB: '1', UPLOAD_MAX_MEGAPIXELS: '1' } });
    user = await createUser(ctx);
  });
  afterAll(() => ctx?.close());

  it('answers 413 for a file over UPLOAD_MAX_MB', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(1.5 * 1024 * 1024)]);
    const res = await upload(ctx, user.headers, asFile(big, 'big.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'The image is too large. The limit is 1 MB.', code: 'TOO_LARGE' });
    expect(await ctx.db.select().from(images)).toHaveLength(0);
  });

  it('refuses an image over UPLOAD_MAX_MEGAPIXELS and accepts one under it', async () => {
    const res = await upload(ctx, user.headers, asFile(await png(1200, 1000), 'wide.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The image has too many pixels. The limit is 1 megapixels.', code: 'TOO_MANY_PIXELS' });
    expect((await upload(ctx, user.headers, asFile(await jpeg(1000, 1000), 'ok.jpg', 'image/jpeg'))).statusCode).toBe(201);
  });
});

describe('default pixel budget and the per-user upload rate', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { UPLOAD_RATE_PER_MINUTE: '2' } });
  });
  afterAll(() => ctx?.close());

  it('refuses a 40-megapixel image from its header, before decoding it', async () => {
    const user = await createUser(ctx);
    const res = await upload(ctx, user.headers, asFile(pixelFloodPng(8000, 5000), 'huge.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_PIXELS', message: 'The image has too many pixels. The limit is 16 megapixels.' });
  });

  it('answers 429 past UPLOAD_RATE_PER_MINUTE for one user, not for another, and again after a minute', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 2; i++)
      expect((await upload(ctx, user.headers, asFile(await jpeg(60, 60), 'a.jpg', 'image/jpeg'))).statusCode).toBe(201);
    ctx.clock.advance(20_000);
    const blocked = await upload(ctx, user.headers, asFile(await jpeg(60, 60), 'a.jpg', 'image/jpeg'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    // The minute began with the first upload, 20 s ago.
    expectRetryAfter(blocked, 40);
    expect(retryAfter(blocked)).toBeGreaterThanOrEqual(30);
    const other = await createUser(ctx);
    expect((await upload(ctx, other.headers, asFile(await jpeg(60, 60), 'a.jpg', 'image/jpeg'))).statusCode).toBe(201);
    ctx.clock.advance(41_000);
    expect((await upload(ctx, user.headers, asFile(await jpeg(60, 60), 'a.jpg', 'image/jpeg'))).statusCode).toBe(201);
  });
});

describe('a storage failure half-way', () => {
  let ctx: TestContext;
  let user: TestUser;
  let root: string;
  const written: string[] = [];
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-uploads-'));
    const disk = localStorage(root);
    // The 130 px variant cannot be written; everything else works.
    const flaky: Storage = {
      ...disk,
      async put(key, body, type) {
        if (key.includes('_w130')) throw new Error('disk full');
        await disk.put(key, body, type);
        written.push(key);
      },
    };
    ctx = await createTestContext({ storage: flaky });
    user = await createUser(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers 500, records nothing and leaves no file behind', async () => {
    const res = await upload(ctx, user.headers, asFile(await jpeg(400, 300), 'x.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(500);
    expect(await ctx.db.select().from(images)).toHaveLength(0);
    expect(written.length).toBeGreaterThan(0);
    for (const key of written) expect(fs.existsSync(path.join(root, key))).toBe(false);
  });
});
