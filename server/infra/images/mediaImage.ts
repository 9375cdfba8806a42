import { z } from 'zod';
import { VARIANT_WIDTHS } from './encode';

/** An image as customers' apps load it: absolute URLs of the full image and of each CDN width (spec 1 §9). */
export const mediaImage = z.object({
  path: z.string(),
  url: z.string().describe('The full-size image'),
  sizes: z.record(z.string(), z.string()).describe('URL per width in pixels: "300" (thumbnails), "130" (posts)'),
});

/** A stored image path as `mediaImage`, on this server's public URL. */
export function mediaImageOf(publicUrl: string) {
  const mediaBase = `${publicUrl}/api/media/`;
  return ({ path }: { path: string }) => ({
    path,
    url: mediaBase + path,
    sizes: Object.fromEntries(VARIANT_WIDTHS.map((w) => [String(w), `${mediaBase}${path}?w=${w}`])),
  });
}
