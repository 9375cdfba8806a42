import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { EmptyState } from '../../src/components/PageHeader';
import { useApi } from '../../src/components/api';
import { keepFocusInColumn } from '../../src/components/live/keepFocus';
import { useLiveBoard } from '../../src/components/live/useLiveBoard';
import { LiveBoard } from '../../src/components/live/LiveBoard';
import type { ApiBooking } from '../../domain/booking';
import type { BookingsApi } from './api';
import type { BookingRow } from './booking';
import { BookingCard } from './BookingCard';
import { liveBookings } from './liveBookings';
import { useNewBookings } from './useNewBookings';
import { useNow } from './useNow';

/**
 * A booking that left NEW while on the board, not by this device's action (another device got there first, the
 * customer cancelled): shown as it now is, with why, until dismissed.
 */
type Moved = { booking: BookingRow; message: string };

/** bookings/dashboard: the shop's NEW bookings, soonest first, live over the event stream, ringing until acknowledged. */
export function DashboardPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const dataProvider = useDataProvider();
  const api = useApi<BookingsApi>();
  const now = useNow();
  const bookings = useNewBookings(shop.id);
  const [moved, setMoved] = useState<Moved[]>([]);

  const showMoved = useCallback(
    (booking: BookingRow, message: string) =>
      setMoved((list) => [{ booking, message }, ...list.filter((m) => m.booking.id !== booking.id)]),
    [],
  );
  // A customer cancelling a booking the staff are looking at must not just make it vanish.
  const onEvent = useCallback(
    (type: string, data: Record<string, unknown>, before: BookingRow | undefined) => {
      if (type === 'booking.updated' && before?.status === 'NEW' && data.status === 'CANCELLED')
        showMoved({ ...before, ...(data as Partial<BookingRow>) }, translate('resources.bookings.board.customerCancelled'));
    },
    [showMoved, translate],
  );
  const { online, place } = useLiveBoard(
    shop.id,
    useMemo(() => ({ ...liveBookings(shop.id), onEvent }), [shop.id, onEvent]),
  );

  const conflicted = useCallback(
    (before: BookingRow, message: string, now?: ApiBooking) => {
      const show = (booking: BookingRow) => {
        place(booking);
        showMoved(booking, message);
      };
      // The 409 says how the booking is now; an older server that does not is asked.
      if (now) show({ ...before, ...now });
      else
        void dataProvider.getOne<BookingRow>('bookings', { id: before.id, meta: { shopId: shop.id } }).then(
          ({ data }) => show({ ...before, ...data }),
          () => undefined,
        );
    },
    [dataProvider, place, showMoved, shop.id],
  );
  const dismiss = (id: string) => setMoved((list) => list.filter((m) => m.booking.id !== id));
  const acknowledge = useCallback((id: string) => api.acknowledgeBooking(shop.id, id), [api, shop.id]);

  return (
    <LiveBoard<BookingRow>
      testId="bookings-dashboard"
      title={translate('resources.bookings.menu.dashboard')}
      noun={translate('resources.bookings.board.noun')}
      online={online}
      place={place}
      acknowledge={acknowledge}
      ringLabel={translate('resources.bookings.board.ring')}
      ringHelp={translate('resources.bookings.board.ringShared')}
      countText={(total) => translate('resources.bookings.board.newCount', { total })}
      columns={[
        {
          id: 'new-bookings',
          list: bookings,
          cardsSx: {
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
          },
          extra: moved.map((m) => (
            <BookingCard
              key={m.booking.id}
              booking={m.booking}
              shop={shop}
              now={now}
              ringing={false}
              notice={m.message}
              onSeen={() => undefined}
              onDone={() => dismiss(m.booking.id)}
              onConflict={(message, now) => conflicted(m.booking, message, now)}
              onDismiss={() => dismiss(m.booking.id)}
            />
          )),
          card: (b, ring) =>
            moved.some((m) => m.booking.id === b.id) ? null : (
              <BookingCard
                key={b.id}
                booking={b}
                shop={shop}
                now={now}
                ringing={ring.ringing}
                onSeen={ring.acknowledge}
                onDone={(done) => {
                  keepFocusInColumn(document.querySelector(`[data-booking-id="${done.id}"]`));
                  place(done);
                }}
                onConflict={(message, now) => conflicted(b, message, now)}
              />
            ),
          empty: <EmptyState icon={<EventSeatIcon />} text={messages.noTableBookingsYet} />,
        },
      ]}
    />
  );
}
