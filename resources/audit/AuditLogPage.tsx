import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { AuditEntry } from '../../domain/audit';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiQuery, useReportedError } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { AuditFilters } from './AuditFilters';
import { AUDIT_PER_PAGE, AuditTable } from './AuditTable';
import { setFilters, type AuditApi, type AuditFilter } from './api';

/** /shops/{shopId}/audit: the shop's audit log, filtered by who, what and when on the shop's clock, paged, with its CSV. */
export function AuditLogPage() {
  const translate = useTranslate();
  const api = useApi<AuditApi>();
  const { shop } = useShop();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.audit.${k}`, o);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const list = useGetList<AuditEntry>('audit', {
    filter: setFilters(filter),
    sort: { field: 'at', order: 'DESC' },
    pagination: { page, perPage: AUDIT_PER_PAGE },
    meta: { shopId: shop.id },
  });
  useReportedError(list.error);
  const actors = useApiQuery({ queryKey: ['shops', shop.id, 'audit-actors'], queryFn: () => api.getAuditActors(shop.id) });

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={t('menu')}
        subtitle={t('subtitle', { shop: shop.name })}
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void api.downloadAuditCsv(shop.id, filter)}>
            {t('csv')}
          </Button>
        }
      />
      <AuditFilters
        actors={actors.data ?? []}
        timeZone={shop.timezone}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          <AuditTable entries={list.data} total={list.total} page={page} onPage={setPage} timeZone={shop.timezone} />
        </CardContent>
      </Card>
    </Box>
  );
}
