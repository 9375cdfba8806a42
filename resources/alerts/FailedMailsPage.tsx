import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Pagination, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { viewerTimeZone } from '../../domain/dates';
import { useApi, useApiMutation } from '../../src/components/api';
import { showDateTime } from '../../src/components/dates';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { TimesIn } from '../../src/components/TimesIn';
import type { AlertsApi } from './api';

/** A job the queue gave up on, with what it carried (no secrets: the server leaves them out). */
interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  error: string | null;
  failedAt: string;
}

const PER_PAGE = 25;
const t = (key: string) => `resources.alerts.failed.${key}`;

/** What a job carried, in one line: its fields as `name: value`, nested ones as JSON. */
function details(data: unknown): string {
  if (data === null || data === undefined) return '—';
  if (typeof data !== 'object') return String(data);
  return Object.entries(data as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

function RetryButton({ job, onDone }: { job: FailedJob; onDone: () => void }) {
  const translate = useTranslate();
  const api = useApi<AlertsApi>();
  const retry = useApiMutation({ mutationFn: () => api.retryFailedJob(job.id), success: translate(t('retried')), onSuccess: onDone });
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={retry.isPending}
      onClick={() => retry.mutate()}
      aria-label={translate(t('retryJob'), { queue: job.queue, time: showDateTime(job.failedAt) })}
      sx={{ minHeight: 44 }}
    >
      {translate(t('retry'))}
    </Button>
  );
}

/**
 * /platform/failed_mails (super admins): the jobs the queue gave up on, newest first, each with Retry. Read from
 * /api/platform/jobs/failed: the queue's jobs are its mails, and the API names the queue.
 */
export function FailedMailsPage() {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const { data, total, error, isPending, refetch } = useGetList<FailedJob>('platform/jobs/failed', {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'failedAt', order: 'DESC' },
  });
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <PageHeader title={translate(t('title'))} subtitle={translate(t('intro'))} />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          {error ? (
            <Alert severity="error">{(error as Error).message}</Alert>
          ) : isPending ? (
            <Pending py={6} />
          ) : !data?.length ? (
            <EmptyState icon={<MarkEmailReadIcon />} text={translate(t('none'))} />
          ) : (
            <>
              <ResponsiveTable
                aria-label={translate(t('title'))}
                testId="failed-job"
                rows={data}
                rowKey={(j) => String(j.id)}
                columns={[
                  {
                    label: t('failedAt'),
                    primary: true,
                    render: (j) => <Typography sx={{ fontWeight: 600 }}>{showDateTime(j.failedAt)}</Typography>,
                  },
                  { label: t('queue'), render: (j) => j.queue },
                  { label: t('details'), render: (j) => <Box sx={{ overflowWrap: 'anywhere' }}>{details(j.data)}</Box> },
                  {
                    label: t('error'),
                    render: (j) => (
                      <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                        {j.error ?? '—'}
                      </Typography>
                    ),
                  },
                ]}
                actions={(j) => <RetryButton job={j} onDone={() => void refetch()} />}
                actionsLabel=""
              />
              {(total ?? 0) > PER_PAGE && (
                <Pagination sx={{ mt: 2 }} count={Math.ceil((total ?? 0) / PER_PAGE)} page={page} onChange={(_, p) => setPage(p)} />
              )}
            </>
          )}
          <TimesIn zone={viewerTimeZone()} />
        </CardContent>
      </Card>
    </Box>
  );
}
