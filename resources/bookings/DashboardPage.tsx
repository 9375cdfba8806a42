import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { Alert, Box, FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import { messages } from '../../domain/messages';
import { timesIn } from '../../domain/dates';
import { useShop } from '../../src/contracts/shopContext';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { touchTargets } from '../../src/components/touch';
import { useShopEvents } from '../../src/components/live/useShopEvents';
import { useAlarm } from '../../src/components/live/useAlarm';
import { useSoundSetting } from '../../src/components/live/useSoundSetting';
import { useCountInTitle } from '../../src/components/live/useCountInTitle';
import { AlarmActions, AlarmNotices, LiveCount } from '../../src/components/live/BoardControls';
import type { ApiBooking } from '../../domain/booking';
import { BOOKING_EVENTS, type BookingRow } from './booking';
import { BookingCard } from './BookingCard';
import { useNewBookings } from './useNewBookings';
import { useSeenBookings } from './useSeenBookings';
import { useNow } from './useNow';

/**
 * A booking that left NEW while on the board, not by this device's action (another device got there first, the
 * customer cancelled): shown as it now is, with why, until dismissed.
 */
type Moved = { booking: BookingRow; message: string };

/** bookings/dashboard: the shop's NEW bookings, soonest first, live over the event stream, ringing until seen. */
export function DashboardPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const dataProvider = useDataProvider();
  const { data: identity } = useGetIdentity();
  const now = useNow();
  const { data: bookings, isPending, error, refetch } = useNewBookings(shop.id);
  const [soundOn, setSoundOn, sound] = useSoundSetting(identity?.id ? String(identity.id) : undefined);
  const [moved, setMoved] = useState<Moved[]>([]);

  const reread = useCallback(() => void refetch(), [refetch]);
  const showMoved = useCallback(
    (booking: BookingRow, message: string) =>
      setMoved((list) => [{ booking, message }, ...list.filter((m) => m.booking.id !== booking.id)]),
    [],
  );
  // A customer cancelling a booking the staff are looking at must not just make it vanish.
  const onEvent = useCallback(
    (type: string, data: Record<string, unknown>) => {
      const shown = (bookings ?? []).find((b) => b.id === data.id);
      if (type === 'booking.updated' && shown && data.status === 'CANCELLED')
        showMoved({ ...shown, ...(data as Partial<ApiBooking>) }, translate('resources.bookings.board.customerCancelled'));
      reread();
    },
    [bookings, reread, showMoved, translate],
  );
  const { online } = useShopEvents(shop.id, BOOKING_EVENTS, onEvent, reread);

  const newIds = useMemo(() => (bookings ?? []).map((b) => b.id), [bookings]);
  const { unseen, see } = useSeenBookings(shop.id, newIds);
  const alarm = useAlarm(unseen.length > 0, soundOn, sound);
  const title = translate('resources.bookings.menu.dashboard');
  useCountInTitle(bookings?.length ?? 0, `${title} · ${shop.name} · Servery`);

  const done = useCallback(
    (b: BookingRow) => {
      see([b.id]);
      reread();
    },
    [see, reread],
  );
  const conflicted = useCallback(
    (before: BookingRow, message: string, now?: ApiBooking) => {
      const show = (booking: BookingRow) => showMoved(booking, message);
      see([before.id]);
      reread();
      // The 409 says how the booking is now; an older server that does not is asked.
      if (now) show({ ...before, ...now });
      else
        void dataProvider.getOne<BookingRow>('bookings', { id: before.id, meta: { shopId: shop.id } }).then(
          ({ data }) => show(data),
          () => undefined,
        );
    },
    [dataProvider, reread, see, showMoved, shop.id],
  );
  const dismiss = (id: string) => setMoved((list) => list.filter((m) => m.booking.id !== id));
  const movedIds = new Set(moved.map((m) => m.booking.id));
  const waiting = (bookings ?? []).filter((b) => !movedIds.has(b.id));

  return (
    <Box
      data-testid="bookings-dashboard"
      sx={touchTargets}
      data-audio-state={alarm.audioState}
      data-rings={alarm.rings}
      data-ringing={unseen.length > 0 && soundOn ? 'true' : 'false'}
    >
      <PageHeader
        inShop
        title={title}
        subtitle={timesIn(shop.timezone)}
        actions={
          <AlarmActions
            alarm={alarm}
            soundOn={soundOn}
            noun="bookings"
            unacknowledged={unseen.length}
            onAcknowledgeAll={() => see(unseen)}
          />
        }
      />
      <Stack sx={{ gap: 1, mb: 2 }}>
        <AlarmNotices online={online} alarm={alarm} soundOn={soundOn} noun="bookings" />
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={soundOn}
                onChange={(e) => setSoundOn(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'ring-shared' } }}
              />
            }
            label={translate('resources.bookings.board.ring')}
            sx={{ minHeight: 44 }}
          />
          <FormHelperText id="ring-shared" sx={{ mt: 0 }}>
            {translate('resources.bookings.board.ringShared')}
          </FormHelperText>
        </Box>
      </Stack>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <Pending />
      ) : !waiting.length && !moved.length ? (
        <EmptyState icon={<EventSeatIcon />} text={messages.noTableBookingsYet} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {moved.map((m) => (
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
          ))}
          {waiting.map((b) => (
            <BookingCard
              key={b.id}
              booking={b}
              shop={shop}
              now={now}
              ringing={unseen.includes(b.id)}
              onSeen={() => see([b.id])}
              onDone={done}
              onConflict={(message, now) => conflicted(b, message, now)}
            />
          ))}
        </Box>
      )}
      <LiveCount text={bookings?.length ? translate('resources.bookings.board.newCount', { total: bookings.length }) : ''} />
    </Box>
  );
}
