import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetList, useTranslate, type TranslateFunction } from 'react-admin';
import { Alert, Button } from '@mui/material';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { AlertLogButton } from '../../src/components/AlertLog';
import { HistoryFrame } from '../../src/components/history/HistoryFrame';
import { useHistory, type HistorySource } from '../../src/components/history/useHistory';
import { useShopEvents } from '../../src/components/live/useShopEvents';
import { BOOKING_EVENTS, BOOKING_STATUSES, type BookingRow } from './booking';
import { BookingActions } from './BookingActions';
import { historyColumns } from './historyColumns';
import { useNewBookings } from './useNewBookings';
import { useNow } from './useNow';

/** What Booking History lists (bookings by the date booked for) and narrows by: the status. */
const bookingHistory = (translate: TranslateFunction): HistorySource => ({
  resource: 'bookings',
  dateField: 'date',
  labels: {
    range: 'resources.bookings.history.range',
    month: 'resources.bookings.history.month',
    search: 'resources.bookings.history.search',
  },
  choices: [
    {
      param: 'status',
      label: 'resources.bookings.history.status',
      any: 'resources.bookings.history.anyStatus',
      options: BOOKING_STATUSES,
      words: (s) => translate(`resources.bookings.status.${s}`),
    },
  ],
});

/**
 * bookings/history: the shop's bookings in a date range on its own clock, latest booking date first; by status; by name
 * or phone; kept up to date over the event stream, with the actions a booking still allows. Bookings waiting for an
 * answer are usually for later days than the range shows, so how many wait is said above the list, with the way to
 * New Bookings.
 */
export function HistoryPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const now = useNow();
  const history = useHistory<BookingRow>(useMemo(() => bookingHistory(translate), [translate]));
  const [conflict, setConflict] = useState<string | null>(null);
  const { refetch } = history.list;
  // The same query as the sidebar's count: no extra request while the shell shows it.
  const waiting = useNewBookings(shop.id);
  const { refetch: rereadWaiting } = waiting;
  // An empty range says so; only a shop that never had a booking says it has none yet.
  const anyBooking = useGetList<BookingRow>(
    'bookings',
    { filter: {}, pagination: { page: 1, perPage: 1 }, sort: { field: 'date', order: 'DESC' }, meta: { shopId: shop.id } },
    { enabled: history.empty },
  );
  // Live like New Bookings: a customer booking or cancelling, or another device acting, shows here without a reload.
  const reread = useCallback(() => {
    void refetch();
    void rereadWaiting();
  }, [refetch, rereadWaiting]);
  const { online } = useShopEvents(shop.id, BOOKING_EVENTS, reread, reread);

  return (
    <HistoryFrame
      history={history}
      title={translate('resources.bookings.menu.history')}
      notices={
        <>
          {!online && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="offline-banner">
              {translate('servery.board.offline')}
            </Alert>
          )}
          {(waiting.total ?? 0) > 0 && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              data-testid="bookings-waiting"
              action={
                <Button color="inherit" size="small" component={Link} to={shopUrl(shop.id, 'bookings/dashboard')} sx={{ minHeight: 44 }}>
                  {translate('resources.bookings.menu.dashboard')}
                </Button>
              }
            >
              {translate('resources.bookings.history.waiting', { smart_count: waiting.total })}
            </Alert>
          )}
          {conflict && (
            <Alert severity="warning" role="alert" sx={{ mb: 2 }} onClose={() => setConflict(null)} data-testid="booking-notice">
              {conflict}
            </Alert>
          )}
        </>
      }
      columns={() => historyColumns(shop)}
      rowTestId="booking-row"
      actions={(b) => (
        <>
          <BookingActions
            booking={b}
            shopId={shop.id}
            now={now}
            onDone={() => {
              setConflict(null);
              reread();
            }}
            onConflict={(message) => {
              setConflict(message);
              reread();
            }}
          />
          <AlertLogButton subject={{ bookingId: b.id }} name={b.name} />
        </>
      )}
      empty={{
        icon: <EventNoteIcon />,
        text:
          anyBooking.isPending && !waiting.total
            ? undefined
            : anyBooking.data?.length || waiting.total
              ? translate('resources.bookings.history.noBookingsInRange')
              : messages.noTableBookingsYet,
      }}
    />
  );
}
