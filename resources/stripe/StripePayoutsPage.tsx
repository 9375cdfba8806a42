import { useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { messages } from '../../domain/messages';
import { formatMoney } from '../../domain/money';
import { showDateTime, showDay } from '../../src/components/dates';
import { codeInWords } from '../../src/components/words';
import type { Balance, Payout } from '../../domain/stripe';
import { useShop } from '../../src/contracts/shopContext';
import { useApi } from '../../src/components/api';
import type { StripeApi } from './api';
import { PageHeader } from '../../src/components/PageHeader';
import { useQuery } from '@tanstack/react-query';
import { RecentActivity } from './RecentActivity';
import { StripePagedList, useStripePages } from './StripePager';

const label = (field: string) => `resources.stripe.fields.${field}`;
const STATUS_COLOR: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  in_transit: 'info',
  pending: 'warning',
  failed: 'error',
  canceled: 'default',
};

/**
 * The next payout the schedule makes: its day (the shop's calendar), and its amount where the provider can know it;
 * where it cannot (Stripe pays what is available on the day), the words say so instead of a figure.
 */
function NextPayout({ balance, pending, money }: { balance?: Balance; pending: boolean; money: (cents: number) => string }) {
  const translate = useTranslate();
  if (pending) return <Typography variant="h5">…</Typography>;
  const next = balance?.next_payout;
  if (!next)
    return (
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="balance-next">
        {balance ? translate('resources.stripe.balance.noneScheduled') : '—'}
      </Typography>
    );
  return (
    <Box data-testid="balance-next">
      <Typography variant="h5" component="p">
        {next.amount === null ? translate('resources.stripe.balance.nextOn', { day: showDay(next.date) }) : money(next.amount)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {next.amount === null
          ? translate('resources.stripe.balance.nextUnknown')
          : translate('resources.stripe.balance.nextOn', { day: showDay(next.date) })}
      </Typography>
    </Box>
  );
}

/**
 * /shops/{shopId}/payments/stripe_payouts (spec 1 §2): available and pending balance (with the charges the pending
 * balance is the sum of, where the provider says) and the next payout, and the payouts newest first,
 * a page of 20 at a time (Stripe's cursor: starting_after the last one shown). Any failure of the payouts call reads
 * as the spec's 'No Stripe payouts for this customer yet.' Below, the account's recent activity (card payments and
 * their refunds as the account sees them).
 */
export function StripePayoutsPage() {
  const api = useApi<StripeApi>();
  const translate = useTranslate();
  const { shop } = useShop();
  const pages = useStripePages();
  const after = pages.after;
  const balance = useQuery({ queryKey: ['stripe', shop.id, 'balance'], queryFn: () => api.stripeBalance(shop.id), retry: false });
  const payouts = useQuery({
    queryKey: ['stripe', shop.id, 'payouts', after ?? ''],
    queryFn: () => api.stripePayouts(shop.id, after),
    retry: false,
  });
  const money = (cents: number | undefined) => (cents === undefined ? '—' : formatMoney(cents, shop.country));
  const date = (seconds: number) => showDateTime(seconds * 1000, shop.timezone);

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader inShop title={translate('resources.stripe.payouts.title')} subtitle={translate('resources.stripe.balance.subtitle')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 3 }}>
        {(['available', 'pending'] as const).map((kind) => (
          <Card key={kind} variant="outlined" sx={{ flex: 1 }}>
            <CardContent>
              <Typography color="text.secondary" component="h2" variant="subtitle2">
                {translate(`resources.stripe.balance.${kind}`)}
              </Typography>
              <Typography variant="h5" component="p" data-testid={`balance-${kind}`}>
                {balance.isPending ? '…' : balance.data ? money(balance.data[kind][0]?.amount ?? 0) : '—'}
              </Typography>
              {kind === 'pending' && balance.data?.pending_charges && (
                <Typography variant="body2" color="text.secondary" data-testid="balance-pending-charges">
                  {translate('resources.stripe.balance.pendingCharges', { smart_count: balance.data.pending_charges.count })}
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography color="text.secondary" component="h2" variant="subtitle2">
              {translate('resources.stripe.balance.next')}
            </Typography>
            <NextPayout balance={balance.data} pending={balance.isPending} money={money} />
          </CardContent>
        </Card>
      </Stack>
      {balance.error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {balance.error.message}
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('resources.stripe.payouts.title')}
      </Typography>
      <StripePagedList<Payout>
        query={payouts}
        pages={pages}
        empty={messages.noStripePayouts}
        label="resources.stripe.payouts.title"
        pagerLabel="resources.stripe.payouts.pages"
        testId="payout"
        columns={[
          { label: label('amount'), primary: true, render: (p) => money(p.amount) },
          { label: label('description'), render: (p) => p.description ?? '' },
          { label: label('created'), render: (p) => date(p.created) },
          { label: label('arrival_date'), render: (p) => date(p.arrival_date) },
          {
            label: label('status'),
            render: (p) => <Chip size="small" label={codeInWords(p.status)} color={STATUS_COLOR[p.status] ?? 'default'} />,
          },
        ]}
      />
      <RecentActivity />
    </Box>
  );
}
