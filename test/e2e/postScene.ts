import sharp from 'sharp';
import { expect } from 'vitest';
import type { RunningServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';

/** Uploads a plain image cropped to `aspect` as `user`, as the console's crop dialog does, and answers its path. */
async function upload(
  server: RunningServer,
  user: TestUser,
  aspect: 'SQUARE' | 'SIXTEEN_NINE',
  background: { r: number; g: number; b: number },
) {
  const [width, height] = aspect === 'SQUARE' ? [400, 400] : [1280, 720];
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('aspect', aspect);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${server.baseUrl}/api/uploads`, { method: 'POST', headers: user.headers, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { path: string }).path;
}

/** A live post with an image, a scheduled one and two billboards in a shop, made through the API. */
export async function postScene(server: RunningServer, owner: TestUser, shopId: string) {
  const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
    server.ctx.app.inject({ method, url, headers: owner.headers, payload });
  const image = await upload(server, owner, 'SQUARE', { r: 200, g: 120, b: 40 });
  const day = 86_400_000;
  const posts = [
    {
      title: 'Spring Menu Launch',
      description: 'Our new spring menu is here: asparagus tart, pea soup and lemon cake.',
      price: 14,
      publishAt: new Date(Date.now() - day).toISOString(),
      images: { aspectRatio: 'SQUARE', images: [{ path: image }] },
    },
    {
      title: 'Live Jazz Friday',
      description: 'Live jazz from seven on Friday night, with a set menu for two.',
      publishAt: new Date(Date.now() + 7 * day).toISOString(),
    },
  ];
  for (const post of posts) expect((await inject('POST', `/api/shops/${shopId}/posts`, post)).statusCode).toBe(201);
  const boards = [
    await upload(server, owner, 'SIXTEEN_NINE', { r: 30, g: 90, b: 160 }),
    await upload(server, owner, 'SIXTEEN_NINE', { r: 160, g: 40, b: 90 }),
  ];
  expect((await inject('PUT', `/api/shops/${shopId}/billboards`, { images: boards.map((path) => ({ path })) })).statusCode).toBe(200);
}
