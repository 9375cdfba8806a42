import { useCallback, useMemo, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Alert, InputAdornment, Link, MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import EventNoteIcon from '@mui/icons-material/EventNote';
import SearchIcon from '@mui/icons-material/Search';
import { messages } from '../../domain/messages';
import { timesIn } from '../../domain/dates';
import { currentMonth, ORDER_RANGES, orderRange, type OrderRange } from '../../domain/shopRanges';
import { RangePicker } from '../../src/components/RangePicker';
import { phoneForDisplay } from '../../domain/contact';
import { useShop } from '../../src/contracts/shopContext';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { useDebounced } from '../../src/components/useDebounced';
import { useShopEvents } from '../../src/components/live/useShopEvents';
import { AlertLogButton } from '../../src/components/AlertLog';
import { BOOKING_EVENTS, BOOKING_STATUSES, STATUS_LABELS, type BookingRow, type BookingStatus as Status } from './booking';
import { BookingActions } from './BookingActions';
import { BookingStatus } from './BookingStatus';
import { guestSummary } from './GuestHistory';
import { bookedFor, guestsLabel } from './format';
import { useNow } from './useNow';

const PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 500;

/**
 * bookings/history: the shop's bookings in a date range on its own clock, latest booking date first; by status; by name
 * or phone; kept up to date over the event stream.
 */
export function HistoryPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const now = useNow();
  const [range, setRange] = useState<OrderRange>('TODAY');
  const [month, setMonth] = useState(() => currentMonth(new Date(), shop.timezone));
  const [status, setStatus] = useState<Status | ''>('');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [conflict, setConflict] = useState<string | null>(null);
  const filter = useMemo(() => {
    const { gte, lte } = orderRange(range, new Date(), shop.timezone, month);
    return { date_gte: gte, date_lte: lte, ...(status ? { status } : {}), ...(q ? { q } : {}) };
  }, [range, month, shop.timezone, status, q]);
  const { data, total, isPending, error, refetch } = useGetList<BookingRow>('bookings', {
    filter,
    sort: { field: 'date', order: 'DESC' },
    pagination: { page, perPage: PER_PAGE },
    meta: { shopId: shop.id },
  });
  // Live like New Bookings: a customer cancelling, or another device acting, shows here without a reload.
  const reread = useCallback(() => void refetch(), [refetch]);
  const { online } = useShopEvents(shop.id, BOOKING_EVENTS, reread, reread);
  const firstPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const columns: ResponsiveColumn<BookingRow>[] = [
    {
      label: 'resources.bookings.fields.date',
      primary: true,
      render: (b) => <Typography sx={{ fontWeight: 600 }}>{bookedFor(b.date, shop.timezone)}</Typography>,
    },
    {
      label: 'resources.bookings.fields.name',
      render: (b) => (
        <>
          {b.name} · {guestsLabel(b.pax)}
          <Typography variant="body2" color={b.guest.noShows > 0 ? 'error' : 'text.secondary'}>
            {guestSummary(b.guest)}
          </Typography>
        </>
      ),
    },
    {
      label: 'resources.bookings.fields.phone',
      render: (b) => (
        <Link href={`tel:${b.phone}`} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, whiteSpace: 'nowrap' }}>
          {phoneForDisplay(b.phone, shop.country)}
        </Link>
      ),
    },
    { label: 'resources.bookings.fields.specialRequest', render: (b) => b.specialRequest ?? '—', showFrom: 'lg' },
    { label: 'resources.bookings.fields.status', render: (b) => <BookingStatus booking={b} /> },
  ];

  return (
    <>
      <PageHeader inShop title={translate('resources.bookings.menu.history')} subtitle={timesIn(shop.timezone)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <RangePicker
          inline
          ranges={ORDER_RANGES}
          value={{ range, month }}
          onChange={(c) => {
            firstPage(setRange)(c.range);
            firstPage(setMonth)(c.month);
          }}
          label={translate('resources.bookings.history.range')}
          monthLabel={translate('resources.bookings.history.month')}
          custom={{ range: 'CUSTOM', kind: 'month' }}
          sx={{ minWidth: 180 }}
        />
        <TextField
          select
          label={translate('resources.bookings.history.status')}
          value={status}
          onChange={(e) => firstPage(setStatus)(e.target.value as Status | '')}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('resources.bookings.history.anyStatus')}</MenuItem>
          {BOOKING_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="search"
          label={translate('resources.bookings.history.search')}
          value={text}
          onChange={(e) => firstPage(setText)(e.target.value)}
          sx={{ flex: 1, minWidth: { sm: 220 } }}
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
      </Stack>
      {!online && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="offline-banner">
          Offline, reconnecting…
        </Alert>
      )}
      {conflict && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }} onClose={() => setConflict(null)} data-testid="booking-notice">
          {conflict}
        </Alert>
      )}
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <Pending />
      ) : !data?.length ? (
        <EmptyState icon={<EventNoteIcon />} text={messages.noTableBookingsYet} />
      ) : (
        <>
          <ResponsiveTable
            aria-label={translate('resources.bookings.menu.history')}
            rows={data}
            columns={columns}
            rowKey={(b) => b.id}
            testId="booking-row"
            actions={(b) => (
              <>
                <BookingActions
                  booking={b}
                  shopId={shop.id}
                  now={now}
                  onDone={() => {
                    setConflict(null);
                    void refetch();
                  }}
                  onConflict={(message) => {
                    setConflict(message);
                    void refetch();
                  }}
                />
                <AlertLogButton subject={{ bookingId: b.id }} name={b.name} />
              </>
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
