import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IMAGE_WIDTHS } from '../../domain/constants';
import type { Shop } from '../../domain/shop';
import { mediaUrl } from '../../src/components/media';
import { QrImage } from './QrImage';
import { spelledOut } from './qr';

/** A6 paper, portrait. */
const A6 = { width: '105mm', height: '148mm' };

/** The link on one line where it fits (a bold character is about 0.6 em wide), never larger than the hint's double. */
const linkSize = (text: string) => `${Math.min(5, 82 / (0.6 * text.length)).toFixed(2)}cqw`;

/**
 * The flyer as it prints on A6: the shop's logo and name, "Scan to order", the QR code and the link spelt out for
 * those who type it. Every size is a share of the sheet's width (cqw), so the screen shows the sheet as it prints,
 * only smaller on a phone. Black on white: it is printed in black and white as often as not.
 */
export function Flyer({ shop, url }: { shop: Pick<Shop, 'name' | 'logo'>; url: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.shortlink.flyer.${key}`, options);
  return (
    <Box
      sx={{
        containerType: 'inline-size',
        width: '100%',
        maxWidth: A6.width,
        boxShadow: 4,
        '@media print': { maxWidth: 'none', width: A6.width, boxShadow: 'none' },
      }}
    >
      <Box
        data-testid="shortlink-flyer"
        sx={{
          aspectRatio: '105 / 148',
          boxSizing: 'border-box',
          // The printer's margin is inside the sheet (the page itself has none, so no header or footer is printed).
          p: '8cqw',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          bgcolor: '#FFFFFF',
          color: '#000000',
          overflow: 'hidden',
          '@media print': { height: A6.height, aspectRatio: 'auto', breakInside: 'avoid' },
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2cqw', mb: '4cqw' }}>
          {shop.logo?.path && (
            <Box
              component="img"
              src={mediaUrl(shop.logo.path, IMAGE_WIDTHS.thumbnail)}
              alt={t('logoAlt', { name: shop.name })}
              sx={{ width: '20cqw', height: '20cqw', objectFit: 'cover', borderRadius: '2.5cqw' }}
            />
          )}
          <Typography component="h2" sx={{ fontSize: '7cqw', fontWeight: 700, lineHeight: 1.15, overflowWrap: 'anywhere' }}>
            {shop.name}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}>
          <Typography component="p" sx={{ fontSize: '9.5cqw', fontWeight: 800, lineHeight: 1.1, letterSpacing: '-0.01em' }}>
            {t('callToAction')}
          </Typography>
          <QrImage url={url} sx={{ width: '58cqw', height: '58cqw', my: '1cqw' }} />
          <Typography component="p" sx={{ fontSize: '3.6cqw', lineHeight: 1.3, maxWidth: '70cqw' }}>
            {t('hint')}
          </Typography>
        </Box>
        <Box>
          <Typography component="p" sx={{ fontSize: '3.4cqw', color: '#444444' }}>
            {t('orVisit')}
          </Typography>
          <Typography component="p" sx={{ fontSize: linkSize(spelledOut(url)), fontWeight: 700, overflowWrap: 'anywhere' }}>
            {spelledOut(url)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
