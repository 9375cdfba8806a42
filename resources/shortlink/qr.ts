import { useQuery } from '@tanstack/react-query';

/**
 * The short link's QR code, drawn in the browser. The encoder is imported on first use, so it stays out of the
 * console's start bundle and loads with the card that shows it.
 */
const encoder = () => import('qrcode').then((m) => m.default);

/**
 * Q recovers a quarter of the code: a printed flyer on a counter gets scuffed and folded. The 4-module quiet zone is
 * the standard's; scanners miss codes printed without it.
 */
const options = { errorCorrectionLevel: 'Q', margin: 4 } as const;

/** Print resolution: sharp at 8 cm on a 300 dpi printer. */
export const QR_PNG_WIDTH = 1024;

export const qrSvg = async (url: string) => (await encoder()).toString(url, { ...options, type: 'svg' });

export const qrPng = async (url: string) => (await encoder()).toDataURL(url, { ...options, width: QR_PNG_WIDTH });

/** An SVG document as an address an <img> shows and a download saves. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The QR code's SVG for `url`, once drawn (the card and the flyer share it). */
export function useQrSvg(url: string) {
  return useQuery({ queryKey: ['shortlink-qr', url], queryFn: () => qrSvg(url), staleTime: Infinity }).data ?? null;
}

/** A file name that says the shop: 'Bean There!' → 'bean-there-qr.svg'. */
export function qrFileName(shopName: string, ext: 'svg' | 'png') {
  const slug = shopName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'shop'}-qr.${ext}`;
}

/** Saves `href` (a data: address) under `name`, as the browser saves a download. */
export function saveAs(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The link as people type it: the scheme is what browsers add themselves (kept when it is plain http). */
export const spelledOut = (url: string) => url.replace(/^https:\/\//, '');
