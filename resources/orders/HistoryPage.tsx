import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetList, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchIcon from '@mui/icons-material/Search';
import { messages } from '../../domain/messages';
import { timesIn } from '../../domain/dates';
import { COLLECTION_TYPES, ORDER_STATUSES, PAYMENT_TYPES } from '../../domain/order';
import { currentMonth, ORDER_RANGES, orderRange, type OrderRange } from '../../domain/shopRanges';
import { RangePicker } from '../../src/components/RangePicker';
import type { ApiOrder } from '../../domain/orderView';
import { orderNumberLabel, paymentLabel } from '../../domain/orderView';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { useDebounced } from '../../src/components/useDebounced';
import type { OrdersApi } from './api';
import { collectionLabel, money, when } from './format';
import type { HistoryFilter } from './historyFilter';

const PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 500;
/** How long the button says a CSV download is in progress. */
const CSV_FLAG_MS = 2000;

const STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  NEW: 'New',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
  NA: 'Failed payment',
};

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

/** A select whose first choice ('' ) means any value. */
function ChoiceFilter<T extends string>({
  label,
  any,
  value,
  options,
  words,
  onChange,
}: {
  label: string;
  any: string;
  value: T | '';
  options: readonly T[];
  words: (v: T) => string;
  onChange: (v: T | '') => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate(label)}
      value={value}
      onChange={(e) => onChange(e.target.value as T | '')}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate(any)}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {words(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * orders/history: the shop's orders in a date range on its own clock, newest first; found by number, name or phone;
 * narrowed by status, payment and collection; what the filter lists added up above it, and as a CSV.
 */
export function HistoryPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const api = useApi<OrdersApi>();
  const { shop } = useShop();
  // Cards on phones only: a counter tablet (820 px, the sidebar in its drawer) has room for the table.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [range, setRange] = useState<OrderRange>('TODAY');
  const [month, setMonth] = useState(() => currentMonth(new Date(), shop.timezone));
  const [status, setStatus] = useState<(typeof ORDER_STATUSES)[number] | ''>('');
  const [payment, setPayment] = useState<(typeof PAYMENT_TYPES)[number] | ''>('');
  const [collection, setCollection] = useState<(typeof COLLECTION_TYPES)[number] | ''>('');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const firstPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const filter = useMemo<HistoryFilter>(() => {
    const { gte, lte } = orderRange(range, new Date(), shop.timezone, month);
    return {
      placedAt_gte: gte,
      placedAt_lte: lte,
      ...(status ? { orderStatusRestaurant: status } : {}),
      ...(payment ? { paymentType: payment } : {}),
      ...(collection ? { collectionType: collection } : {}),
      ...(q ? { q } : {}),
    };
  }, [range, month, shop.timezone, status, payment, collection, q]);
  const { data, total, isPending, error } = useGetList<ApiOrder>('orders', {
    filter,
    sort: { field: 'placedAt', order: 'DESC' },
    pagination: { page, perPage: PER_PAGE },
    meta: { shopId: shop.id },
  });
  const totals = useApiQuery({ queryKey: ['orders', 'totals', shop.id, filter], queryFn: () => api.getOrderTotals(shop.id, filter) });
  // An empty range says so; only a shop that never had an order says it has none yet.
  const empty = !isPending && !error && !data?.length;
  const anyOrder = useGetList<ApiOrder>(
    'orders',
    { filter: {}, pagination: { page: 1, perPage: 1 }, sort: { field: 'placedAt', order: 'DESC' }, meta: { shopId: shop.id } },
    { enabled: empty },
  );

  const [exporting, setExporting] = useState(false);
  const exportCsv = useApiMutation({ mutationFn: (f: HistoryFilter) => api.exportOrders(shop.id, f), success: null });
  useEffect(() => {
    if (!exporting) return;
    const t = setTimeout(() => setExporting(false), CSV_FLAG_MS);
    return () => clearTimeout(t);
  }, [exporting]);

  const m = (u: number) => money(u, shop.country);
  const open = (o: ApiOrder) => navigate(shopUrl(shop.id, 'orders', o.id));
  const name = (o: ApiOrder) => o.cart.collectionName ?? o.customerName;
  const columns: ResponsiveColumn<ApiOrder>[] = phone
    ? [
        {
          // One compact card per order on a phone: a screen shows several, as a list of receipts would.
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
      ]
    : [
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
        { label: 'resources.orders.fields.customerName', render: (o) => `${name(o)} · ${o.mobile}` },
        { label: 'resources.orders.fields.collectionType', render: (o) => collectionLabel(o.collectionType), showFrom: 'lg' },
        { label: 'resources.orders.fields.paymentType', render: (o) => paymentLabel(o.paymentType), showFrom: 'lg' },
        { label: 'resources.orders.fields.grandTotal', render: (o) => m(o.grandTotal) },
        { label: 'resources.orders.fields.eta', render: (o) => o.eta?.display ?? '—', showFrom: 'lg' },
        { label: 'resources.orders.fields.orderStatusRestaurant', render: (o) => <StatusChip order={o} /> },
      ];

  return (
    <>
      <PageHeader
        inShop
        title={translate('resources.orders.menu.history')}
        subtitle={timesIn(shop.timezone)}
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={exporting}
            sx={{ minHeight: 44 }}
            onClick={() => {
              setExporting(true);
              exportCsv.mutate(filter);
            }}
          >
            {translate(exporting ? 'resources.orders.history.csvInProgress' : 'resources.orders.history.exportCsv')}
          </Button>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <TextField
          type="search"
          label={translate('resources.orders.history.search')}
          value={text}
          onChange={(e) => firstPage(setText)(e.target.value)}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <RangePicker
          inline
          ranges={ORDER_RANGES}
          value={{ range, month }}
          onChange={(c) => {
            firstPage(setRange)(c.range);
            firstPage(setMonth)(c.month);
          }}
          label={translate('resources.orders.history.range')}
          monthLabel={translate('resources.orders.history.month')}
          custom={{ range: 'CUSTOM', kind: 'month' }}
        />
        <ChoiceFilter
          label="resources.orders.history.status"
          any="resources.orders.history.anyStatus"
          value={status}
          options={ORDER_STATUSES}
          words={(s) => STATUS_LABELS[s]}
          onChange={firstPage(setStatus)}
        />
        <ChoiceFilter
          label="resources.orders.history.payment"
          any="resources.orders.history.anyPayment"
          value={payment}
          options={PAYMENT_TYPES}
          words={paymentLabel}
          onChange={firstPage(setPayment)}
        />
        <ChoiceFilter
          label="resources.orders.history.collection"
          any="resources.orders.history.anyCollection"
          value={collection}
          options={COLLECTION_TYPES}
          words={collectionLabel}
          onChange={firstPage(setCollection)}
        />
      </Box>
      <Typography sx={{ mb: 1.5, fontWeight: 600, minHeight: 24 }} aria-live="polite" data-testid="history-totals">
        {totals.data ? translate('resources.orders.history.totals', { smart_count: totals.data.orders, gross: m(totals.data.gross) }) : ''}
      </Typography>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <Pending />
      ) : empty ? (
        anyOrder.isPending ? (
          <Pending />
        ) : (
          <EmptyState
            icon={<ReceiptLongIcon />}
            text={anyOrder.data?.length ? translate('resources.orders.history.noOrdersInRange') : messages.noOrdersYet}
          />
        )
      ) : (
        <>
          <ResponsiveTable
            aria-label={translate('resources.orders.menu.history')}
            rows={data ?? []}
            columns={columns}
            rowKey={(o) => o.id}
            onOpen={open}
            cardsBelow="sm"
            testId="history-row"
            actions={
              phone
                ? undefined
                : (o) => (
                    <Button size="small" onClick={() => open(o)} sx={{ minHeight: 44 }}>
                      View
                    </Button>
                  )
            }
          />
          {(total ?? 0) > PER_PAGE && (
            <Pagination sx={{ mt: 2 }} count={Math.ceil((total ?? 0) / PER_PAGE)} page={page} onChange={(_, p) => setPage(p)} />
          )}
        </>
      )}
    </>
  );
}
