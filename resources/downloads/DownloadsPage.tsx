import { useEffect, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { DownloadsApi } from './api';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { TimesIn } from '../../src/components/TimesIn';
import { DeviceTable } from './DeviceTable';
import { DownloadsChart } from './DownloadsChart';
import { DownloadTiles } from './DownloadTiles';

/** Spec 2 §9: the CSV flag resets after 2 seconds. */
const CSV_FLAG_MS = 2000;
/** Devices a page shows: a screenful at a counter or on a phone (the API serves up to 100 a page, for its other callers). */
export const DEVICES_PER_PAGE = 25;

/** App downloads (spec 2 §2): pick one of the shop's apps, see its installs, page through its devices. */
export function DownloadsPage() {
  const translate = useTranslate();
  const api = useApi<DownloadsApi>();
  const { shop } = useShop();
  const apps = useApiQuery({ queryKey: ['downloads', shop.id, 'apps'], queryFn: () => api.getShopApps(shop.id) });
  const [picked, setPicked] = useState<string | null>(null);
  const bundleId = picked ?? apps.data?.[0]?.bundle_id ?? null;

  const title = <PageHeader inShop title={translate('resources.downloads.menu')} subtitle={translate('resources.downloads.subtitle')} />;
  if (apps.isPending) return <Pending />;
  if (apps.isError)
    return (
      <Box sx={{ py: 2 }}>
        {title}
        <Alert severity="error">{messages.errorLoadingDownloads}</Alert>
      </Box>
    );
  if (!apps.data.length || !bundleId) {
    return (
      <Box sx={{ py: { xs: 1, sm: 2 } }}>
        {title}
        <Card variant="outlined">
          <EmptyState icon={<InstallMobileIcon />} text={messages.notPartOfAnyApp} />
        </Card>
      </Box>
    );
  }
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      {title}
      <TextField
        select
        label={translate('resources.downloads.fields.app')}
        value={bundleId}
        onChange={(e) => setPicked(e.target.value)}
        size="small"
        sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
        slotProps={{ select: { inputProps: { 'data-testid': 'app-select' } } }}
      >
        {apps.data.map((a) => (
          <MenuItem key={a.bundle_id} value={a.bundle_id}>
            {a.bundle_name} ({a.bundle_id})
          </MenuItem>
        ))}
      </TextField>
      <AppDownloads key={bundleId} bundleId={bundleId} />
    </Box>
  );
}

function AppDownloads({ bundleId }: { bundleId: string }) {
  const translate = useTranslate();
  const api = useApi<DownloadsApi>();
  const { shop } = useShop();
  const [page, setPage] = useState(1);
  const stats = useApiQuery({ queryKey: ['downloads', bundleId, 'stats'], queryFn: () => api.getDownloadStats(bundleId) });
  const daily = useApiQuery({ queryKey: ['downloads', bundleId, 'daily'], queryFn: () => api.getDailyDownloads(bundleId) });
  const devices = useApiQuery({
    queryKey: ['downloads', bundleId, 'devices', page],
    queryFn: () => api.getDownloadDevices(bundleId, page, DEVICES_PER_PAGE),
  });
  const [exporting, setExporting] = useState(false);
  const exportCsv = useApiMutation({ mutationFn: () => api.exportDownloads(bundleId), success: null });
  useEffect(() => {
    if (!exporting) return;
    const t = setTimeout(() => setExporting(false), CSV_FLAG_MS);
    return () => clearTimeout(t);
  }, [exporting]);

  if (stats.isError || daily.isError || devices.isError) return <Alert severity="error">{messages.errorLoadingDownloads}</Alert>;
  if (stats.isPending) return <Pending />;
  if (stats.data.totalDownloads === 0) {
    return (
      <Card variant="outlined">
        <EmptyState icon={<InstallMobileIcon />} text={messages.noDownloads} />
      </Card>
    );
  }
  return (
    <Stack sx={{ gap: 2, minWidth: 0 }}>
      <DownloadTiles stats={stats.data} />
      <Card variant="outlined">
        <CardContent>{daily.data ? <DownloadsChart daily={daily.data} /> : <Pending />}</CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
          >
            <Typography component="h2" variant="subtitle1">
              {translate('resources.downloads.devices')}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              startIcon={<DownloadIcon />}
              disabled={exporting}
              onClick={() => {
                setExporting(true);
                exportCsv.mutate();
              }}
            >
              {translate(exporting ? 'resources.downloads.downloading' : 'resources.downloads.downloadCsv')}
            </Button>
          </Stack>
          {devices.data ? <DeviceTable devices={devices.data.list} /> : <Pending />}
          <TimesIn zone={shop.timezone} />
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end', mt: 1 }}>
            <Button size="small" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              {translate('resources.downloads.previous')}
            </Button>
            <Typography variant="body2" aria-live="polite">
              {translate('resources.downloads.page', { page })}
            </Typography>
            <Button size="small" disabled={!devices.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
              {translate('resources.downloads.next')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
