import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetList, useTranslate } from 'react-admin';
import { Alert, Button, Chip, MenuItem, Pagination, Stack, TextField } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { messages } from '../../domain/messages';
import { ORDER_RANGES, ORDER_RANGE_LABELS, orderRange, type OrderRange } from '../../domain/orderRanges';
import type { ApiOrder } from '../../domain/orderView';
import { paymentLabel } from '../../domain/orderView';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { collectionLabel, money, when } from './format';

const PER_PAGE = 20;

function StatusChip({ order }: { order: ApiOrder }) {
  if (order.status === 'FAILURE') return <Chip size="small" color="error" label="FAILURE" />;
  return (
    <Chip
      size="small"
      label={order.completedAt ? 'COMPLETED' : order.orderStatusRestaurant}
      color={order.orderStatusRestaurant === 'NEW' ? 'error' : 'default'}
    />
  );
}

/** orders/history: the shop's orders in a date range computed in the shop's time zone, newest first. */
export function HistoryPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { shop } = useShop();
  const [range, setRange] = useState<OrderRange>('TODAY');
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const [page, setPage] = useState(1);
  const filter = useMemo(() => {
    const { gte, lte } = orderRange(range, new Date(), shop.timezone, month);
    return { placedAt_gte: gte, placedAt_lte: lte };
  }, [range, month, shop.timezone]);
  const { data, total, isPending, error } = useGetList<ApiOrder>('orders', {
    filter,
    sort: { field: 'placedAt', order: 'DESC' },
    pagination: { page, perPage: PER_PAGE },
    meta: { shopId: shop.id },
  });
  const m = (u: number) => money(u, shop.country);
  const open = (o: ApiOrder) => navigate(shopUrl(shop.id, 'orders', o.id));
  const columns: ResponsiveColumn<ApiOrder>[] = [
    { label: 'resources.orders.fields.placedAt', render: (o) => when(o.placedAt, shop.timezone), primary: true },
    { label: 'resources.orders.fields.customerName', render: (o) => `${o.cart.collectionName ?? o.customerName} · ${o.mobile}` },
    { label: 'resources.orders.fields.collectionType', render: (o) => collectionLabel(o.collectionType), showFrom: 'lg' },
    { label: 'resources.orders.fields.paymentType', render: (o) => paymentLabel(o.paymentType), showFrom: 'lg' },
    { label: 'resources.orders.fields.grandTotal', render: (o) => m(o.grandTotal) },
    { label: 'resources.orders.fields.eta', render: (o) => o.eta?.display ?? '—' },
    { label: 'resources.orders.fields.orderStatusRestaurant', render: (o) => <StatusChip order={o} /> },
  ];

  return (
    <>
      <PageHeader inShop title={translate('resources.orders.menu.history')} subtitle={`Times in ${shop.timezone.replace(/_/g, ' ')}`} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
        <TextField
          select
          label={translate('resources.orders.history.range')}
          value={range}
          onChange={(e) => {
            setRange(e.target.value as OrderRange);
            setPage(1);
          }}
          sx={{ minWidth: 200 }}
        >
          {ORDER_RANGES.map((r) => (
            <MenuItem key={r} value={r}>
              {ORDER_RANGE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        {range === 'CUSTOM' && (
          <TextField
            type="month"
            label={translate('resources.orders.history.month')}
            value={month}
            onChange={(e) => {
              if (e.target.value) setMonth(e.target.value);
              setPage(1);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <Pending />
      ) : !data?.length ? (
        <EmptyState icon={<ReceiptLongIcon />} text={messages.noOrdersYet} />
      ) : (
        <>
          <ResponsiveTable
            aria-label={translate('resources.orders.menu.history')}
            rows={data}
            columns={columns}
            rowKey={(o) => o.id}
            onOpen={open}
            testId="history-row"
            actions={(o) => (
              <Button size="small" onClick={() => open(o)}>
                View
              </Button>
            )}
          />
          {(total ?? 0) > PER_PAGE && (
            <Pagination sx={{ mt: 2 }} count={Math.ceil((total ?? 0) / PER_PAGE)} page={page} onChange={(_, p) => setPage(p)} />
          )}
        </>
      )}
    </>
  );
}
