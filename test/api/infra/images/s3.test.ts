import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import S3rver from 's3rver';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createTestContext, type TestContext } from '../../../helpers/app';
import { createUser, type TestUser } from '../../../helpers/users';
import { s3Storage } from '../../../../server/infra/storage';
import { asFile, fetchMedia, jpeg, png, upload } from '../../../helpers/uploads';

const BUCKET = 'servery-test';
let s3: S3rver;
let dir: string;
let endpoint: string;
let ctx: TestContext;
let user: TestUser;
let storage: ReturnType<typeof s3Storage>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = s3Storage({
    driver: 's3',
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  ctx = await createTestContext({ storage });
  user = await createUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('uploads on S3-compatible storage', () => {
  it('writes the image and its variants to the bucket and serves them through the API', async () => {
    const res = await upload(ctx, user.headers, asFile(await jpeg(900, 600), 'p.jpg', 'image/jpeg'), { aspect: 'FOUR_THREE' });
    expect(res.statusCode).toBe(400); // 900×600 is 3:2, not 4:3
    const ok = await upload(ctx, user.headers, asFile(await jpeg(900, 600), 'p.jpg', 'image/jpeg'));
    expect(ok.statusCode).toBe(201);
    const key: string = ok.json().path;

    // The objects really are in the bucket, with their type.
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key.replace('.webp', '_w300.webp') }));
    expect(object.ContentType).toBe('image/webp');
    client.destroy();

    for (const [w, width] of [
      [undefined, 900],
      [300, 300],
      [130, 130],
    ] as const) {
      const media = await fetchMedia(ctx, key, w);
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
      expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(media.rawPayload).metadata()).width).toBe(width);
    }
  });

  it('keeps PNG with transparency and answers 404 for keys not in the bucket', async () => {
    const res = await upload(ctx, user.headers, asFile(await png(200, 200, 0.3), 'logo.png', 'image/png'), { aspect: 'SQUARE' });
    expect(res.statusCode).toBe(201);
    const media = await fetchMedia(ctx, res.json().path, 130);
    expect(media.headers['content-type']).toBe('image/png');
    expect((await sharp(media.rawPayload).metadata()).width).toBe(130);
    expect((await fetchMedia(ctx, res.json().path.replace(/^img\/.{8}/, 'img/00000000'))).statusCode).toBe(404);
  });

  it('deletes objects (used to undo a half-written upload)', async () => {
    const res = await upload(ctx, user.headers, asFile(await jpeg(50, 50), 'p.jpg', 'image/jpeg'));
    const key: string = res.json().path;
    expect(await storage.get(key)).not.toBeNull();
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // already gone: no error
    expect((await fetchMedia(ctx, key)).statusCode).toBe(404);
  });
});
