import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  Link,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import type { Alert as AlertRow, AlertStatus } from '../../domain/alerts';
import type { AlertSubject } from '../../providers/dataProvider';
import { useShop } from '../contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from './api';
import { alertLogKey } from './alerts';
import { showDateTime } from './dates';
import { codeInWords } from './words';
import { Pending } from './Pending';
import { ResponsiveTable } from './ResponsiveTable';

/** While a mail is on its way its row changes on the server; the log reads it again this often until it settles. */
const FOLLOW_MS = 3_000;

const STATUS_COLOR: Record<AlertStatus, 'default' | 'success' | 'warning' | 'error'> = {
  QUEUED: 'default',
  SENT: 'success',
  RETRYING: 'warning',
  FAILED: 'error',
};

/** A mail's status as a word, coloured by how it went. */
export function AlertStatusChip({ status }: { status: AlertStatus }) {
  return <Chip size="small" variant="outlined" label={codeInWords(status)} color={STATUS_COLOR[status]} data-testid="alert-status" />;
}

/** Resend for a FAILED alert mail: the server queues it again (and says why not when it no longer can). */
export function ResendAlertButton({ alert, onDone }: { alert: AlertRow; onDone: () => void }) {
  const translate = useTranslate();
  const api = useApi();
  const { shop } = useShop();
  const resend = useApiMutation({
    mutationFn: () => api.resendAlert(shop.id, alert.id),
    success: translate('servery.alerts.resent'),
    onSuccess: onDone,
  });
  if (alert.status !== 'FAILED') return null;
  return (
    <Button
      size="small"
      color="warning"
      startIcon={<ReplayIcon />}
      disabled={resend.isPending}
      onClick={() => resend.mutate(undefined, { onError: onDone })}
      aria-label={translate('servery.alerts.resendTo', { to: alert.to })}
      sx={{ minHeight: 44 }}
    >
      {translate('servery.alerts.resend')}
    </Button>
  );
}

/**
 * The alert mails as rows: what, to whom, when, how it went; Resend on a failed one. `linkTo` makes each subject a link
 * to what the mail was about (a list of many orders' alerts).
 */
export function AlertTable({
  rows,
  onChanged,
  linkTo,
  testId = 'alert-row',
}: {
  rows: AlertRow[];
  onChanged: () => void;
  linkTo?: (alert: AlertRow) => string | null;
  testId?: string;
}) {
  const translate = useTranslate();
  const { shop } = useShop();
  return (
    <ResponsiveTable
      aria-label={translate('servery.alerts.log')}
      testId={testId}
      rows={rows}
      rowKey={(a) => a.id}
      columns={[
        {
          label: 'servery.alerts.kind',
          primary: true,
          render: (a) => (
            <>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {codeInWords(a.kind)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {linkTo?.(a) ? (
                  <Link component={RouterLink} to={linkTo(a)!}>
                    {a.subject}
                  </Link>
                ) : (
                  a.subject
                )}
              </Typography>
            </>
          ),
        },
        { label: 'servery.alerts.to', render: (a) => <Box sx={{ overflowWrap: 'anywhere' }}>{a.to}</Box> },
        {
          label: 'servery.alerts.when',
          render: (a) => (
            <>
              {showDateTime(a.createdAt, shop.timezone)}
              {a.sentAt && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {translate('servery.alerts.sentAt', { time: showDateTime(a.sentAt, shop.timezone) })}
                </Typography>
              )}
            </>
          ),
        },
        {
          label: 'servery.alerts.status',
          render: (a) => (
            <>
              <AlertStatusChip status={a.status} />
              {a.attempts > 1 && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {translate('servery.alerts.attempts', { smart_count: a.attempts })}
                </Typography>
              )}
              {a.lastError && a.status !== 'SENT' && (
                <Typography component="span" variant="body2" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {a.lastError}
                </Typography>
              )}
            </>
          ),
        },
      ]}
      // Only a failed mail has something to do; without one the table has no actions column at all.
      actions={rows.some((a) => a.status === 'FAILED') ? (a) => <ResendAlertButton alert={a} onDone={onChanged} /> : undefined}
      actionsLabel=""
    />
  );
}

/** The alert log of one order or booking, read from the server and followed while a mail is still on its way. */
function useAlertLog(subject: AlertSubject) {
  const api = useApi();
  const { shop } = useShop();
  return useApiQuery({
    queryKey: alertLogKey(shop.id, subject),
    queryFn: () => api.getAlertLog(shop.id, subject),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((a) => a.status === 'QUEUED' || a.status === 'RETRYING') ? FOLLOW_MS : false,
  });
}

function AlertLogBody({ subject }: { subject: AlertSubject }) {
  const translate = useTranslate();
  const { shop } = useShop();
  const queryClient = useQueryClient();
  const log = useAlertLog(subject);
  const reread = () => void queryClient.invalidateQueries({ queryKey: alertLogKey(shop.id, subject) });
  if (log.error) return <Alert severity="error">{log.error.message}</Alert>;
  if (!log.data) return <Pending />;
  if (!log.data.length) return <Typography color="text.secondary">{translate('servery.alerts.none')}</Typography>;
  return <AlertTable rows={log.data} onChanged={reread} />;
}

/** An order's or booking's alert log as a card of its detail page. */
export function AlertLog({ subject }: { subject: AlertSubject }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="alert-log">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('servery.alerts.log')}
        </Typography>
        <AlertLogBody subject={subject} />
      </CardContent>
    </Card>
  );
}

/** A button that opens a booking's (or order's) alert log in a dialog, where there is no page of its own to hold it. */
export function AlertLogButton({ subject, name }: { subject: AlertSubject; name: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        startIcon={<MarkEmailReadIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44 }}
        aria-label={translate('servery.alerts.showLog', { name })}
      >
        {translate('servery.alerts.log')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} aria-labelledby="alert-log-title" fullWidth maxWidth="md">
          <DialogTitle id="alert-log-title">{translate('servery.alerts.showLog', { name })}</DialogTitle>
          <DialogContent data-testid="alert-log">
            <AlertLogBody subject={subject} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} sx={{ minHeight: 44 }}>
              {translate('servery.alerts.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
