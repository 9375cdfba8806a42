import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../domain/messages';
import { formatMoney } from '../../domain/money';
import { showDateTime } from '../../src/components/dates';
import { codeInWords } from '../../src/components/words';
import type { BalanceTransaction } from '../../domain/stripe';
import { useShop } from '../../src/contracts/shopContext';
import { useApi } from '../../src/components/api';
import type { StripeApi } from './api';
import { StripePagedList, useStripePages } from './StripePager';

const label = (field: string) => `resources.stripe.fields.${field}`;
const TYPES: Record<string, string> = {
  charge: 'Charge',
  refund: 'Refund',
  payout: 'Payout',
  payment: 'Payment',
  payment_refund: 'Refund',
  adjustment: 'Adjustment',
  stripe_fee: 'Stripe fee',
  application_fee: 'Application fee',
};
const typeName = (type: string) => TYPES[type] ?? type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, ' ');
// Pending money reads as information, not a problem.
const STATUS_COLOR: Record<string, 'success' | 'info' | 'default'> = { available: 'success', pending: 'info' };

/**
 * The connected account's recent activity (GET …/balance_transactions): charges in, refunds and payouts out (negative),
 * newest first, 20 a page. A failure reads like an empty list, as the payouts list does (the balance above already
 * says when no account is connected).
 */
export function RecentActivity() {
  const translate = useTranslate();
  const api = useApi<StripeApi>();
  const { shop } = useShop();
  const pages = useStripePages();
  const activity = useQuery({
    queryKey: ['stripe', shop.id, 'balance_transactions', pages.after ?? ''],
    queryFn: () => api.stripeBalanceTransactions(shop.id, pages.after),
    retry: false,
  });

  return (
    <Box component="section" aria-labelledby="recent-activity" sx={{ mt: 4 }}>
      <Typography id="recent-activity" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('resources.stripe.activity.title')}
      </Typography>
      <StripePagedList<BalanceTransaction>
        query={activity}
        pages={pages}
        empty={messages.noStripeActivity}
        label="resources.stripe.activity.title"
        pagerLabel="resources.stripe.activity.pages"
        testId="activity"
        columns={[
          {
            label: label('amount'),
            primary: true,
            render: (t) => <span data-testid="activity-amount">{formatMoney(t.amount, shop.country)}</span>,
          },
          { label: label('type'), render: (t) => <span data-testid="activity-type">{typeName(t.type)}</span> },
          { label: label('description'), render: (t) => t.description ?? '' },
          { label: label('created'), render: (t) => showDateTime(t.created * 1000, shop.timezone) },
          {
            label: label('status'),
            render: (t) => <Chip size="small" label={codeInWords(t.status)} color={STATUS_COLOR[t.status] ?? 'default'} />,
          },
        ]}
      />
    </Box>
  );
}
