import { IMAGE_MAX_SIDE } from '../../../domain/constants';

interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Types that may carry transparency; only those are worth checking for it. */
const MAY_HAVE_ALPHA = ['image/png', 'image/webp', 'image/gif', 'image/avif'];

async function loadImage(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  await img.decode();
  return img;
}

/** The largest centred area of the given ratio (used when the cropper has not reported one yet). */
function centredArea(width: number, height: number, ratio: number): PixelArea {
  const w = Math.min(width, height * ratio);
  const h = w / ratio;
  return { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h };
}

function hasTransparency(ctx: CanvasRenderingContext2D, width: number, height: number) {
  const data = ctx.getImageData(0, 0, width, height).data;
  for (let i = 3; i < data.length; i += 4) if (data[i] < 255) return true;
  return false;
}

/**
 * Draws the chosen area of an image onto a canvas (at most IMAGE_MAX_SIDE on its longest side, as the
 * server would store it) and returns it as PNG when it has transparent pixels, JPEG otherwise.
 */
export async function cropToBlob(src: string, area: PixelArea | null, ratio: number, sourceType: string): Promise<Blob> {
  const img = await loadImage(src);
  const crop = area ?? centredArea(img.naturalWidth, img.naturalHeight, ratio);
  const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(crop.width, crop.height));
  const width = Math.max(1, Math.round(crop.width * scale));
  const height = Math.max(1, Math.round(crop.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot crop images.');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  const png = MAY_HAVE_ALPHA.includes(sourceType) && hasTransparency(ctx, width, height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot crop images.'))),
      png ? 'image/png' : 'image/jpeg',
      0.92,
    ),
  );
}
