import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, List, ListItem, Stack, Typography } from '@mui/material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../domain/money';
import { requirementsInWords, type Payout } from '../../domain/stripe';
import { useApi, useApiQuery } from '../../src/components/api';
import { showDateTime, showDay } from '../../src/components/dates';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { codeInWords } from '../../src/components/words';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import type { ReportsApi } from './api';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" sx={{ py: 1, gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ textAlign: 'right', fontWeight: 500 }} data-testid={testId}>
        {children}
      </Box>
    </Stack>
  );
}

const yesNo = (on: boolean | undefined, yes: string, no: string) => (
  <Chip size="small" color={on ? 'success' : 'warning'} label={on ? yes : no} variant={on ? 'filled' : 'outlined'} />
);

/** The payout on its way to the bank, if any: the soonest one still pending or in transit. */
export function nextPayout(payouts: Payout[] | undefined): Payout | undefined {
  return (payouts ?? [])
    .filter((p) => p.status === 'pending' || p.status === 'in_transit')
    .sort((a, b) => a.arrival_date - b.arrival_date)[0];
}

/**
 * payments/gateway: the shop's card payments in one place: who takes them and whether the account is connected, can
 * charge and can pay out, what the provider still asks for, the balance and the next payout, and the way to the
 * account page, the payouts and the transaction report.
 */
export function PaymentsPage() {
  const api = useApi<ReportsApi>();
  const { shop } = useShop();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.reports.payments.${key}`, options);
  const active = useApiQuery({ queryKey: ['stripe', shop.id, 'active'], queryFn: () => api.paymentsActiveAccount(shop.id) });
  const connected = Boolean(active.data?.accountId);
  const account = useApiQuery({
    queryKey: ['stripe', shop.id, 'account'],
    queryFn: () => api.paymentsAccount(shop.id),
    enabled: connected,
  });
  // A provider that has no balance or payouts yet answers with an error: this page says '—' rather than a toast.
  const balance = useQuery({
    queryKey: ['stripe', shop.id, 'balance'],
    queryFn: () => api.paymentsBalance(shop.id),
    enabled: connected,
    retry: false,
  });
  const payouts = useQuery({
    retry: false,
    queryKey: ['stripe', shop.id, 'payouts', 'upcoming'],
    queryFn: () => api.paymentsUpcomingPayouts(shop.id),
    enabled: connected,
  });
  const m = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents, shop.country));
  const links = (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, flexWrap: 'wrap', '& .MuiButton-root': { minHeight: 44 } }}>
      <Button variant="contained" component={RouterLink} to={shopUrl(shop.id, 'payments/stripe')} startIcon={<AccountBalanceIcon />}>
        {connected ? t('account') : t('connect')}
      </Button>
      <Button variant="outlined" component={RouterLink} to={shopUrl(shop.id, 'payments/stripe_payouts')} startIcon={<PaymentsIcon />}>
        {t('payouts')}
      </Button>
      <Button variant="outlined" component={RouterLink} to={shopUrl(shop.id, 'transactions')} startIcon={<ReceiptLongIcon />}>
        {t('transactions')}
      </Button>
    </Stack>
  );

  if (active.error) return <Alert severity="error">{active.error.message}</Alert>;
  if (!active.data) return <Pending />;
  const a = account.data;
  const due = requirementsInWords([...(a?.requirements?.past_due ?? []), ...(a?.requirements?.currently_due ?? [])]);
  // A payout already on its way arrives first; else the one the schedule makes next (from the balance).
  const next = nextPayout(payouts.data?.data);
  const scheduled = balance.data?.next_payout;
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader inShop title={t('title')} subtitle={t('subtitle')} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Row label={t('provider')} testId="payments-provider">
            {t('stripe')}
            {active.data.provider === 'simulated' && (
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {t('simulated')}
              </Typography>
            )}
          </Row>
          <Divider />
          <Row label={t('connection')} testId="payments-connection">
            {connected ? (
              <Chip
                size="small"
                color="success"
                label={active.data.mode ? t('connectedAs', { mode: codeInWords(active.data.mode) }) : t('connected')}
              />
            ) : (
              <Chip size="small" color="warning" variant="outlined" label={t('notConnected')} />
            )}
          </Row>
          {connected && (
            <>
              <Divider />
              <Row label={t('charges')} testId="payments-charges">
                {account.isPending ? '…' : yesNo(a?.charges_enabled, t('enabled'), t('notEnabled'))}
              </Row>
              <Divider />
              <Row label={t('payouts')} testId="payments-payouts">
                {account.isPending ? '…' : yesNo(a?.payouts_enabled, t('enabled'), t('notEnabled'))}
              </Row>
              <Divider />
              <Row label={t('available')} testId="payments-available">
                {balance.isPending ? '…' : m(balance.data?.available[0]?.amount ?? 0)}
              </Row>
              <Divider />
              <Row label={t('pending')} testId="payments-pending">
                {balance.isPending ? '…' : m(balance.data?.pending[0]?.amount ?? 0)}
              </Row>
              {balance.data?.pending_charges && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ textAlign: 'right', mt: -1, pb: 1 }}
                  data-testid="payments-pending-charges"
                >
                  {t('pendingCharges', { smart_count: balance.data.pending_charges.count })}
                </Typography>
              )}
              <Divider />
              <Row label={t('nextPayout')} testId="payments-next-payout">
                {payouts.isPending || balance.isPending
                  ? '…'
                  : next
                    ? t('nextPayoutOn', { amount: m(next.amount), time: showDateTime(next.arrival_date * 1000, shop.timezone) })
                    : scheduled
                      ? scheduled.amount === null
                        ? t('nextPayoutDay', { day: showDay(scheduled.date) })
                        : t('nextPayoutOn', { amount: m(scheduled.amount), time: showDay(scheduled.date) })
                      : t('noneScheduled')}
              </Row>
            </>
          )}
        </CardContent>
      </Card>
      {!connected && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('connectFirst')}
        </Alert>
      )}
      {connected && due.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="payments-requirements">
          <Typography sx={{ fontWeight: 600 }}>{t('due')}</Typography>
          <List dense disablePadding>
            {due.map((r) => (
              <ListItem key={r} disableGutters sx={{ display: 'list-item', listStyle: 'disc', ml: 2.5 }}>
                {r}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {connected && !account.isPending && due.length === 0 && a && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="payments-requirements">
          {t('nothingDue')}
        </Alert>
      )}
      {account.error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {account.error.message}
        </Alert>
      )}
      {links}
    </Box>
  );
}
