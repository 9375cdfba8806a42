import { useQuery } from '@tanstack/react-query';

/** The encoder loads with the set-up dialog, not with the console. M: a screen is not scuffed like a printed flyer. */
const encoder = () => import('qrcode').then((m) => m.default);

/** The otpauth:// URI as an SVG data address for an <img>, once drawn. */
export function useQrDataUrl(uri: string | null) {
  return (
    useQuery({
      queryKey: ['two-factor-qr', uri],
      enabled: uri !== null,
      staleTime: Infinity,
      gcTime: 0,
      queryFn: async () => {
        const svg = await (await encoder()).toString(uri!, { errorCorrectionLevel: 'M', margin: 4, type: 'svg' });
        return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      },
    }).data ?? null
  );
}
