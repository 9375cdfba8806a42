import type { ImageWidth } from '../../domain/constants';
import { deployment } from '../../providers/deployment';

/** Where this deployment serves uploaded images (spec 1 §1), without a trailing slash. */
const mediaBase = () => (deployment.mediaBaseUrl || '/api/media').replace(/\/+$/, '');

/**
 * The URL of an uploaded image: mediaUrl('img/x.webp', 300) → '/api/media/img/x.webp?w=300'.
 * Widths are the CDN sizes of spec 1 §9 (300 thumbnails, 130 posts); no width is the full image.
 * Absolute, data: and blob: URLs (previews, older records) pass through unchanged.
 */
export function mediaUrl(path: string, width?: ImageWidth): string {
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  const key = path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  return `${mediaBase()}/${key}${width ? `?w=${width}` : ''}`;
}
