import { Box, Skeleton, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { svgDataUrl, useQrSvg } from './qr';

/**
 * The QR code of `url` as an image named by the link it opens; a blank square of the same size while the encoder
 * loads, so nothing moves when it comes.
 */
export function QrImage({ url, sx }: { url: string; sx: SxProps<Theme> }) {
  const translate = useTranslate();
  const svg = useQrSvg(url);
  if (!svg) return <Skeleton variant="rectangular" sx={sx} />;
  return (
    <Box
      component="img"
      src={svgDataUrl(svg)}
      alt={translate('resources.shortlink.qr.alt', { url })}
      sx={[{ display: 'block', bgcolor: '#FFFFFF' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
