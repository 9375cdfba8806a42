import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { AuditEntry } from '../../domain/audit';
import { useApi, useApiQuery, useReportedError } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { AuditFilters } from './AuditFilters';
import { AUDIT_PER_PAGE, AuditTable } from './AuditTable';
import { ShopScopePicker, type ShopScope } from './ShopScopePicker';
import { setFilters, type AuditApi, type AuditFilter } from './api';

/** Shops span time zones: the platform's log (and its CSV) keeps one clock, UTC. */
const PLATFORM_ZONE = 'UTC';

/** /platform/audit (super admins): every shop's log and the platform's own, filtered by shop, who, what and when, with its CSV. */
export function PlatformAuditPage() {
  const translate = useTranslate();
  const api = useApi<AuditApi>();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.audit.${k}`, o);
  const [scope, setScope] = useState<ShopScope | null>(null);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const full: AuditFilter = { ...filter, shopId: scope?.id };
  const list = useGetList<AuditEntry>('platform/audit', {
    filter: setFilters(full),
    sort: { field: 'at', order: 'DESC' },
    pagination: { page, perPage: AUDIT_PER_PAGE },
  });
  useReportedError(list.error);
  const actors = useApiQuery({ queryKey: ['platform', 'audit-actors'], queryFn: () => api.getPlatformAuditActors() });

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <PageHeader
        title={t('platform.title')}
        subtitle={t('platform.subtitle')}
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void api.downloadPlatformAuditCsv(full)}>
            {t('csv')}
          </Button>
        }
      />
      <AuditFilters
        actors={actors.data ?? []}
        timeZone={PLATFORM_ZONE}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      >
        <ShopScopePicker
          value={scope}
          onChange={(s) => {
            setScope(s);
            setPage(1);
          }}
        />
      </AuditFilters>
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          <AuditTable entries={list.data} total={list.total} page={page} onPage={setPage} timeZone={PLATFORM_ZONE} showShop />
        </CardContent>
      </Card>
    </Box>
  );
}
