import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { useNotify, useTranslate } from 'react-admin';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { QrImage } from './QrImage';
import { qrFileName, qrPng, qrSvg, saveAs, svgDataUrl } from './qr';

/**
 * The short link's QR code on its card: the code, its files to download (SVG for designers and print shops, PNG at
 * print resolution for everything else, named after the shop) and the way to its printable flyer.
 */
export function ShortlinkQr({ url }: { url: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.shortlink.${key}`);
  const notify = useNotify();
  const { shop } = useShop();
  const [making, setMaking] = useState(false);

  const download = async (ext: 'svg' | 'png') => {
    setMaking(true);
    try {
      const href = ext === 'svg' ? svgDataUrl(await qrSvg(url)) : await qrPng(url);
      saveAs(href, qrFileName(shop.name, ext));
    } catch {
      notify(t('qr.failed'), { type: 'warning' });
    } finally {
      setMaking(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="shortlink-qr-title" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="shortlink-qr-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('qr.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <QrImage url={url} sx={{ width: 144, height: 144, flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('qr.explain')}
          </Typography>
          <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} disabled={making} onClick={() => void download('svg')}>
              {t('qr.downloadSvg')}
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} disabled={making} onClick={() => void download('png')}>
              {t('qr.downloadPng')}
            </Button>
            <Button component={RouterLink} to={shopUrl(shop.id, 'shortlink', 'flyer')} startIcon={<PrintIcon />}>
              {t('flyer.open')}
            </Button>
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
