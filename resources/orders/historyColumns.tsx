import { Box, Chip, Stack, Typography } from '@mui/material';
import { orderNumberLabel, orderStateCode, orderStatusWord, paymentLabel, type ApiOrder } from '../../domain/orderView';
import { phoneForDisplay } from '../../domain/contact';
import type { Shop } from '../../domain/shop';
import type { ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { collectionLabel, money, when } from './format';

/** The order's state in words (the same word its filter and its page use), red while it waits for the staff or its payment failed. */
function StatusChip({ order }: { order: ApiOrder }) {
  const urgent = order.status === 'FAILURE' || order.orderStatusRestaurant === 'NEW';
  return (
    <Chip size="small" color={urgent ? 'error' : 'default'} label={orderStatusWord(orderStateCode(order))} data-testid="history-status" />
  );
}

const name = (o: ApiOrder) => o.cart.collectionName ?? o.customerName;

/**
 * Order History's columns. As cards (phones), one compact card per order, so a screen shows several as a list of
 * receipts would; in the table, the details that matter least drop out below a laptop's width.
 */
export function historyColumns(cards: boolean, shop: Pick<Shop, 'timezone' | 'country'>): ResponsiveColumn<ApiOrder>[] {
  const m = (units: number) => money(units, shop.country);
  if (cards)
    return [
      {
        label: 'resources.orders.fields.number',
        primary: true,
        render: (o) => (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }} data-testid="history-number">
                {orderNumberLabel(o.number)} · {name(o)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {when(o.placedAt, shop.timezone)} · {m(o.grandTotal)} · {collectionLabel(o.collectionType)}
              </Typography>
            </Box>
            <StatusChip order={o} />
          </Stack>
        ),
      },
    ];
  return [
    {
      label: 'resources.orders.fields.number',
      primary: true,
      render: (o) => (
        <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="history-number">
          {orderNumberLabel(o.number)}
        </Typography>
      ),
    },
    { label: 'resources.orders.fields.placedAt', render: (o) => when(o.placedAt, shop.timezone) },
    { label: 'resources.orders.fields.customerName', render: (o) => `${name(o)} · ${phoneForDisplay(o.mobile, shop.country)}` },
    { label: 'resources.orders.fields.collectionType', render: (o) => collectionLabel(o.collectionType), showFrom: 'lg' },
    { label: 'resources.orders.fields.paymentType', render: (o) => paymentLabel(o.paymentType), showFrom: 'lg' },
    { label: 'resources.orders.fields.grandTotal', render: (o) => m(o.grandTotal) },
    { label: 'resources.orders.fields.eta', render: (o) => o.eta?.display ?? '—', showFrom: 'lg' },
    { label: 'resources.orders.fields.orderStatusRestaurant', render: (o) => <StatusChip order={o} /> },
  ];
}
