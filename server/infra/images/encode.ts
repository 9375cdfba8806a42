import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_ASPECT_LABELS, IMAGE_ASPECTS, IMAGE_MAX_SIDE, IMAGE_WIDTHS, type ImageAspect } from '../../../domain/constants';
import { format, messages } from '../../../domain/messages';
import { AppError, badRequest } from '../http/errors';

type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/**
 * What the bytes say the file is. The file name and the declared type are the sender's claims;
 * only these signatures decide. SVG, HTML and everything else get null.
 */
function sniffImageType(buf: Buffer): SniffedType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a')) return 'gif';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 16 && ascii(buf, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8..12, compatible brands after the minor version, up to the box size.
    const boxEnd = Math.min(buf.readUInt32BE(0), buf.length);
    const brands = [ascii(buf, 8, 12)];
    for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(ascii(buf, i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/** sharp's name for each format we accept (AVIF is decoded by libheif). */
const SHARP_FORMAT: Record<SniffedType, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

export const VARIANT_WIDTHS = [IMAGE_WIDTHS.thumbnail, IMAGE_WIDTHS.post] as const;
type VariantWidth = (typeof VARIANT_WIDTHS)[number];
/** The console crops exactly; this only catches uploads that skipped the crop. */
export const ASPECT_TOLERANCE = 0.02;

interface EncodedImage {
  ext: 'webp' | 'png';
  contentType: 'image/webp' | 'image/png';
  width: number;
  height: number;
  body: Buffer;
  variants: { width: VariantWidth; body: Buffer }[];
}

interface ImageLimits {
  maxPixels: number;
}

const notImage = () => badRequest(messages.uploadNotImage, undefined, 'NOT_AN_IMAGE');
const tooManyPixels = (maxPixels: number) =>
  badRequest(format(messages.uploadTooManyPixels, { mp: Math.round(maxPixels / 1_000_000) }), undefined, 'TOO_MANY_PIXELS');

function checkAspect(width: number, height: number, aspect: ImageAspect) {
  const expected = IMAGE_ASPECTS[aspect];
  if (Math.abs(width / height / expected - 1) > ASPECT_TOLERANCE) {
    throw badRequest(
      format(messages.uploadWrongAspect, { ratio: IMAGE_ASPECT_LABELS[aspect], width, height }),
      { file: 'aspect' },
      'WRONG_ASPECT',
    );
  }
}

/**
 * Checks an uploaded file and re-encodes it: EXIF and other metadata are dropped, the image is turned upright,
 * animations keep their first frame. Images with transparency stay PNG, the rest become WebP.
 * Throws 400 AppErrors for anything that is not an acceptable image.
 */
export async function encodeUpload(input: Buffer, limits: ImageLimits, aspect?: ImageAspect): Promise<EncodedImage> {
  const sniffed = sniffImageType(input);
  if (!sniffed) throw notImage();
  // `pages: 1` reads only the first frame of an animation; failOn 'error' still tolerates harmless warnings.
  const open = () => sharp(input, { limitInputPixels: limits.maxPixels, pages: 1, failOn: 'error' });

  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (e) {
    throw isPixelLimit(e) ? tooManyPixels(limits.maxPixels) : notImage();
  }
  if (meta.format !== SHARP_FORMAT[sniffed] || !meta.width || !meta.height) throw notImage();
  // Checked from the header, before anything is decoded: a small file can declare a huge canvas.
  if (meta.width * meta.height > limits.maxPixels) throw tooManyPixels(limits.maxPixels);

  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  if (aspect) checkAspect(upright.width, upright.height, aspect);

  try {
    const base = open().autoOrient();
    const keepAlpha = meta.hasAlpha && !(await base.clone().stats()).isOpaque;
    const encode = (s: Sharp) => (keepAlpha ? s.png({ compressionLevel: 9 }) : s.webp({ quality: 82 }));

    const main = await encode(
      base.clone().resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer({
      resolveWithObject: true,
    });
    const variants = await Promise.all(
      VARIANT_WIDTHS.map(async (width) => ({
        width,
        body: await encode(base.clone().resize({ width, withoutEnlargement: true })).toBuffer(),
      })),
    );
    return {
      ext: keepAlpha ? 'png' : 'webp',
      contentType: keepAlpha ? 'image/png' : 'image/webp',
      width: main.info.width,
      height: main.info.height,
      body: main.data,
      variants,
    };
  } catch (e) {
    if (e instanceof AppError) throw e;
    // The header was fine but the pixels are not (truncated or corrupt data).
    throw isPixelLimit(e) ? tooManyPixels(limits.maxPixels) : notImage();
  }
}

const isPixelLimit = (e: unknown) => /pixel limit/i.test((e as Error)?.message ?? '');
