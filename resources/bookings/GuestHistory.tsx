import { useState } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { Pending } from '../../src/components/Pending';
import type { BookingDetail, BookingRow } from './booking';
import { BookingStatus } from './BookingStatus';
import { guestsLabel, wallClock } from './format';
import { touchTargets } from '../../src/components/touch';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The guest's record at this shop by phone: '2 earlier bookings · 1 no-show · 5 orders'. */
export const guestSummary = (g: BookingRow['guest']) =>
  [
    plural(g.bookings, 'earlier booking', 'earlier bookings'),
    plural(g.noShows, 'no-show', 'no-shows'),
    plural(g.orders, 'order', 'orders'),
  ].join(' · ');

/** The guest's counts, and a dialog with their earlier bookings at this shop (read from the booking's detail when opened). */
export function GuestHistory({ booking, shopId }: { booking: BookingRow; shopId: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography variant="body2" color={booking.guest.noShows > 0 ? 'error' : 'text.secondary'} data-testid="guest-summary">
        {guestSummary(booking.guest)}
      </Typography>
      <Button
        startIcon={<HistoryIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44 }}
        aria-label={translate('resources.bookings.guest.show', { name: booking.name })}
      >
        {translate('resources.bookings.guest.title')}
      </Button>
      {open && <GuestHistoryDialog booking={booking} shopId={shopId} onClose={() => setOpen(false)} />}
    </>
  );
}

function GuestHistoryDialog({ booking, shopId, onClose }: { booking: BookingRow; shopId: string; onClose: () => void }) {
  const translate = useTranslate();
  // The list already put the booking in the cache without its history; the detail read brings it.
  const { data, error } = useGetOne<BookingDetail>('bookings', { id: booking.id, meta: { shopId } });
  const history = data?.history;
  return (
    <Dialog open onClose={onClose} aria-labelledby="guest-history-title" fullWidth maxWidth="sm" sx={touchTargets}>
      <DialogTitle id="guest-history-title">
        {translate('resources.bookings.guest.title')}: {booking.name}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{guestSummary(booking.guest)}</Typography>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !history ? (
          <Pending />
        ) : !history.length ? (
          <Typography sx={{ mt: 2 }}>{translate('resources.bookings.guest.none')}</Typography>
        ) : (
          <List aria-label={translate('resources.bookings.guest.title')}>
            {history.map((h) => (
              <ListItem key={h.id} divider disableGutters data-testid="guest-booking">
                <ListItemText primary={wallClock(h.dateStr, h.timeStr)} secondary={guestsLabel(h.pax)} />
                <BookingStatus booking={{ status: h.status, noShow: h.noShow, rejectReason: null }} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
