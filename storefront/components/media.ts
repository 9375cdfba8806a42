/** The URL of an uploaded image at one of the server's widths (300 thumbnails, 130 posts); absolute URLs pass through. */
export function mediaUrl(path: string, width?: 300 | 130): string {
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  const key = path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  return `/api/media/${key}${width ? `?w=${width}` : ''}`;
}
