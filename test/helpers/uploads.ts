import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { TestContext } from './app';

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string | FilePart>) {
  const boundary = `----servery${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  ctx: TestContext,
  auth: { authorization: string } | undefined,
  file: FilePart | null,
  extra: Record<string, string> = {},
) {
  const body = multipart({ ...extra, ...(file ? { file } : {}) });
  return ctx.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...auth } });
}

export const solid = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: alpha < 1 ? 4 : 3, background: { r: 200, g: 60, b: 40, alpha } } });

export const jpeg = (width: number, height: number) => solid(width, height).jpeg({ quality: 90 }).toBuffer();
export const png = (width: number, height: number, alpha = 1) => solid(width, height, alpha).png().toBuffer();
export const webp = (width: number, height: number) => solid(width, height).webp().toBuffer();

export const asFile = (data: Buffer, filename: string, contentType: string): FilePart => ({ data, filename, contentType });

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A few hundred bytes that claim a width×height canvas (a "pixel flood"): a valid PNG header and
 * the start of the pixel data. Decoding it would need width×height×3 bytes of memory.
 */
export function pixelFloodPng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4)); // the first four rows, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function fetchMedia(ctx: TestContext, path: string, width?: number) {
  return ctx.app.inject({ method: 'GET', url: `/api/media/${path}${width ? `?w=${width}` : ''}` });
}
