import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../helpers/app';
import { createUser, type TestUser } from '../../../helpers/users';
import { images } from '../../../../server/infra/db/tables';
import { asFile, fetchMedia, jpeg, pixelFloodPng, png, solid, upload, webp } from '../../../helpers/uploads';

const IMG_PATH = /^img\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png)$/;

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
});
afterAll(() => ctx?.close());

async function stored(path: string, width?: number) {
  const res = await fetchMedia(ctx, path, width);
  expect(res.statusCode).toBe(200);
  return { res, meta: await sharp(res.rawPayload).metadata() };
}

describe('POST /api/uploads', () => {
  it('stores a JPEG as WebP with its two variants and records who uploaded it', async () => {
    const res = await upload(ctx, user.headers, asFile(await jpeg(800, 600), 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ path: expect.stringMatching(IMG_PATH), width: 800, height: 600 });
    expect(body.path.endsWith('.webp')).toBe(true);

    const full = await stored(body.path);
    expect(full.res.headers['content-type']).toBe('image/webp');
    expect(full.meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect((await stored(body.path, 300)).meta).toMatchObject({ format: 'webp', width: 300, height: 225 });
    expect((await stored(body.path, 130)).meta).toMatchObject({ format: 'webp', width: 130, height: 97 });

    const [row] = await ctx.db.select().from(images).where(eq(images.path, body.path));
    expect(row).toMatchObject({ ownerId: user.id, format: 'webp', width: 800, height: 600 });
    expect(row.bytes).toBe(full.res.rawPayload.length);
  });

  it('keeps PNG for an image with transparency', async () => {
    const res = await upload(ctx, user.headers, asFile(await png(400, 400, 0.5), 'logo.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    expect(res.json().path).toMatch(/\.png$/);
    const full = await stored(res.json().path);
    expect(full.res.headers['content-type']).toBe('image/png');
    expect(full.meta).toMatchObject({ format: 'png', width: 400, height: 400, hasAlpha: true });
    expect((await stored(res.json().path, 300)).meta).toMatchObject({ format: 'png', width: 300, height: 300 });
  });

  it('turns an opaque PNG (a canvas export) into WebP', async () => {
    const opaqueWithAlphaChannel = await solid(300, 300).ensureAlpha().png().toBuffer();
    const res = await upload(ctx, user.headers, asFile(opaqueWithAlphaChannel, 'crop.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    expect(res.json().path).toMatch(/\.webp$/);
  });

  it('accepts WebP', async () => {
    const res = await upload(ctx, user.headers, asFile(await webp(640, 360), 'banner.webp', 'image/webp'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 640, height: 360 });
  });

  it('accepts AVIF', async () => {
    const avif = await solid(320, 240).avif().toBuffer();
    const res = await upload(ctx, user.headers, asFile(avif, 'photo.avif', 'image/avif'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 320, height: 240 });
    expect((await stored(res.json().path)).meta.format).toBe('webp');
  });

  it('never enlarges a small image and caps the longest side at 2400 px', async () => {
    const small = await upload(ctx, user.headers, asFile(await jpeg(100, 80), 'small.jpg', 'image/jpeg'));
    expect(small.statusCode).toBe(201);
    expect((await stored(small.json().path, 300)).meta).toMatchObject({ width: 100, height: 80 });
    expect((await stored(small.json().path, 130)).meta).toMatchObject({ width: 100, height: 80 });

    const big = await upload(ctx, user.headers, asFile(await jpeg(3000, 1500), 'big.jpg', 'image/jpeg'));
    expect(big.statusCode).toBe(201);
    expect(big.json()).toMatchObject({ width: 2400, height: 1200 });
    expect((await stored(big.json().path)).meta).toMatchObject({ width: 2400, height: 1200 });
  });

  it('turns a photo upright and drops its EXIF data', async () => {
    // Stored sideways (400×200) with orientation 6: shown upright it is 200×400.
    const sideways = await solid(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret GPS place' } } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const res = await upload(ctx, user.headers, asFile(sideways, 'phone.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 200, height: 400 });
    const { meta, res: media } = await stored(res.json().path);
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(media.rawPayload.includes(Buffer.from('secret GPS place'))).toBe(false);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frames = [
      await solid(120, 90).png().toBuffer(),
      await sharp({ create: { width: 120, height: 90, channels: 3, background: 'blue' } })
        .png()
        .toBuffer(),
    ];
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const res = await upload(ctx, user.headers, asFile(gif, 'anim.gif', 'image/gif'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 120, height: 90 });
    const { meta } = await stored(res.json().path);
    expect(meta.pages ?? 1).toBe(1);
    expect(meta.height).toBe(90);
  });

  it('accepts a file larger than the JSON body limit (1 MB)', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 900, height: 900, channels: 3 },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(ctx, user.headers, asFile(noise, 'noise.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
  });

  it('judges the content, not the name or declared type', async () => {
    const text = await upload(ctx, user.headers, asFile(Buffer.from('hello, I am not a picture\n'.repeat(20)), 'cat.png', 'image/png'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      message: 'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).',
      code: 'NOT_AN_IMAGE',
    });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    expect((await upload(ctx, user.headers, asFile(svg, 'logo.png', 'image/png'))).statusCode).toBe(400);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(ctx, user.headers, asFile(html, 'x.jpg', 'image/jpeg'))).statusCode).toBe(400);

    // The right signature followed by garbage is still not an image.
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage'.repeat(50))]);
    expect((await upload(ctx, user.headers, asFile(fakeJpeg, 'x.jpg', 'image/jpeg'))).json().code).toBe('NOT_AN_IMAGE');

    const jpegNamedPng = await upload(ctx, user.headers, asFile(await jpeg(200, 100), 'really-a-jpeg.png', 'image/png'));
    expect(jpegNamedPng.statusCode).toBe(201);
    expect(jpegNamedPng.json()).toMatchObject({ width: 200, height: 100 });
    expect((await stored(jpegNamedPng.json().path)).meta.format).toBe('webp');
  });

  it('refuses a small file that declares a huge canvas (pixel flood)', async () => {
    const flood = pixelFloodPng(20_000, 20_000);
    expect(flood.length).toBeLessThan(2000);
    const res = await upload(ctx, user.headers, asFile(flood, 'flood.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The image has too many pixels. The limit is 16 megapixels.', code: 'TOO_MANY_PIXELS' });
  });

  it('says what is missing', async () => {
    const none = await upload(ctx, user.headers, null, { aspect: 'SQUARE' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Please select an image.', errors: { file: 'Please select an image.' } });

    const empty = await upload(ctx, user.headers, asFile(Buffer.alloc(0), 'empty.png', 'image/png'));
    expect(empty.json().message).toBe('Please select an image.');

    const json = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: user.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please select an image.');
  });

  describe('aspect', () => {
    it('accepts an image at the asked ratio, within 2 %', async () => {
      expect(
        (await upload(ctx, user.headers, asFile(await jpeg(1600, 900), 'b.jpg', 'image/jpeg'), { aspect: 'SIXTEEN_NINE' })).statusCode,
      ).toBe(201);
      expect(
        (await upload(ctx, user.headers, asFile(await jpeg(1600, 910), 'b.jpg', 'image/jpeg'), { aspect: 'SIXTEEN_NINE' })).statusCode,
      ).toBe(201);
      expect((await upload(ctx, user.headers, asFile(await png(500, 500), 'icon.png', 'image/png'), { aspect: 'SQUARE' })).statusCode).toBe(
        201,
      );
      expect(
        (await upload(ctx, user.headers, asFile(await jpeg(400, 250), 'p.jpg', 'image/jpeg'), { aspect: 'FOUR_TWO_POINT_FIVE' }))
          .statusCode,
      ).toBe(201);
    });

    it('refuses an image at another ratio, naming the expected one', async () => {
      const res = await upload(ctx, user.headers, asFile(await jpeg(800, 600), 'x.jpg', 'image/jpeg'), { aspect: 'SQUARE' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'The image must have a 1:1 aspect ratio (this one is 800×600). Crop it and try again.',
        code: 'WRONG_ASPECT',
      });
      const off = await upload(ctx, user.headers, asFile(await jpeg(1600, 940), 'b.jpg', 'image/jpeg'), { aspect: 'SIXTEEN_NINE' });
      expect(off.json().message).toBe('The image must have a 16:9 aspect ratio (this one is 1600×940). Crop it and try again.');
    });

    it('judges the ratio of the upright image', async () => {
      // Stored 600×400, shown upright 400×600.
      const sideways = await solid(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      expect((await upload(ctx, user.headers, asFile(sideways, 'p.jpg', 'image/jpeg'), { aspect: 'FOUR_TWO_POINT_FIVE' })).statusCode).toBe(
        400,
      );
      expect((await upload(ctx, user.headers, asFile(sideways, 'p.jpg', 'image/jpeg'), { aspect: 'FOUR_SIX' })).statusCode).toBe(201);
    });

    it('refuses an unknown ratio', async () => {
      const res = await upload(ctx, user.headers, asFile(await jpeg(100, 100), 'x.jpg', 'image/jpeg'), { aspect: 'CINEMASCOPE' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Unknown aspect ratio CINEMASCOPE.',
        errors: { aspect: 'Unknown aspect ratio CINEMASCOPE.' },
      });
    });
  });

  describe('authorisation', () => {
    it('needs a signed-in user (401)', async () => {
      const res = await upload(ctx, undefined, asFile(await jpeg(10, 10), 'x.jpg', 'image/jpeg'));
      expect(res.statusCode).toBe(401);
      const bad = await upload(ctx, { authorization: 'Bearer not-a-token' }, asFile(await jpeg(10, 10), 'x.jpg', 'image/jpeg'));
      expect(bad.statusCode).toBe(401);
    });

    it('needs a verified e-mail (403)', async () => {
      const unverified = await createUser(ctx, { verified: false });
      const res = await upload(ctx, unverified.headers, asFile(await jpeg(10, 10), 'x.jpg', 'image/jpeg'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Email Not Verified');
      const rows = await ctx.db.select().from(images).where(eq(images.ownerId, unverified.id));
      expect(rows).toHaveLength(0);
    });
  });
});
