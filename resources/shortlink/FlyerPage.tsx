import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, GlobalStyles, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';
import type { Shortlink } from '../../domain/shortlink';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApi, useApiQuery } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { touchTargets } from '../../src/components/touch';
import type { ShortlinkApi } from './api';
import { Flyer } from './Flyer';

/**
 * A6 portrait, in millimetres: Chromium ignores the A6 keyword (it knows A5 to A3) and would print on Letter. No page
 * margin: the flyer keeps its own inside the sheet, and without one the browser prints no header or footer (the
 * page's address and the date) on it.
 */
const paperStyles = <GlobalStyles styles={{ '@page': { size: '105mm 148mm', margin: 0 } }} />;

/** shortlink/flyer: the short link's A6 flyer as it will print, with Print (the browser's dialog) and the way back. */
export function FlyerPage() {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.shortlink.flyer.${key}`);
  const { shop } = useShop();
  const api = useApi<ShortlinkApi>();
  const link = useApiQuery<Shortlink | null>({ queryKey: ['shortlink', shop.id], queryFn: () => api.getShortlink(shop.id) });

  return (
    <Stack sx={{ gap: 2, ...touchTargets }}>
      <Box className="no-print">
        <PageHeader inShop title={t('title')} subtitle={t('explain')} />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {link.data && (
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('print')}
            </Button>
          )}
          <Button component={RouterLink} to={shopUrl(shop.id, 'overview')} startIcon={<ArrowBackIcon />}>
            {t('back')}
          </Button>
        </Stack>
      </Box>
      {link.isPending ? (
        <Pending />
      ) : link.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2, '@media print': { display: 'block', pb: 0 } }}>
          {paperStyles}
          <Flyer shop={shop} url={link.data.url} />
        </Box>
      ) : (
        !link.error && <Alert severity="info">{t('none')}</Alert>
      )}
    </Stack>
  );
}
