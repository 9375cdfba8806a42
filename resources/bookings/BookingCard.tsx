import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { phoneForDisplay } from '../../domain/contact';
import { AlertLogButton } from '../../src/components/AlertLog';
import type { Shop } from '../../domain/shop';
import type { ApiBooking } from '../../domain/booking';
import type { BookingRow } from './booking';
import { BookingActions } from './BookingActions';
import { BookingStatus } from './BookingStatus';
import { GuestHistory } from './GuestHistory';
import { ago, bookedFor, guestsLabel } from './format';

/**
 * One booking on New Bookings: who, how many, when (the shop's clock), what they asked for, how long ago it came in,
 * the guest's record, and what can be done. `notice` says why a booking that left New Bookings is still shown (an
 * action another device beat us to, the customer cancelling); the card then shows the booking as it now is.
 */
export function BookingCard({
  booking,
  shop,
  now,
  ringing,
  notice,
  onSeen,
  onDone,
  onConflict,
  onDismiss,
}: {
  booking: BookingRow;
  shop: Shop;
  now: Date;
  ringing: boolean;
  notice?: string;
  onSeen: () => void;
  onDone: (b: BookingRow) => void;
  onConflict: (message: string, now?: ApiBooking) => void;
  onDismiss?: () => void;
}) {
  const translate = useTranslate();
  const titleId = `booking-${booking.id}-name`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-testid="new-booking"
      data-booking-id={booking.id}
      sx={(theme) => ({ borderColor: ringing ? theme.palette.error.main : undefined, borderWidth: ringing ? 2 : 1, minWidth: 0 })}
    >
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {booking.name}
          </Typography>
          <Typography variant="h6" component="p">
            {guestsLabel(booking.pax)}
          </Typography>
        </Stack>
        <Typography sx={{ fontWeight: 600 }} data-testid="booking-when">
          {bookedFor(booking.date, shop.timezone)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.bookings.card.booked', { ago: ago(booking.createdTime, now) })}
        </Typography>
        <Box sx={{ my: 1 }}>
          <BookingStatus booking={booking} />
        </Box>
        {booking.specialRequest && (
          <Typography sx={{ my: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {translate('resources.bookings.fields.specialRequest')}:
            </Box>{' '}
            {booking.specialRequest}
          </Typography>
        )}
        <Button
          component="a"
          href={`tel:${booking.phone}`}
          startIcon={<PhoneIcon />}
          sx={{ minHeight: 44, px: 1, ml: -1 }}
          aria-label={translate('resources.bookings.card.call', {
            name: booking.name,
            phone: phoneForDisplay(booking.phone, shop.country),
          })}
        >
          {phoneForDisplay(booking.phone, shop.country)}
        </Button>
        <GuestHistory booking={booking} shopId={shop.id} />
        <AlertLogButton subject={{ bookingId: booking.id }} name={booking.name} />
        {notice && (
          <Alert severity="warning" sx={{ mt: 1 }} role="alert" data-testid="booking-notice">
            {notice}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <BookingActions booking={booking} shopId={shop.id} now={now} onDone={onDone} onConflict={onConflict} />
        {ringing && (
          <>
            <Chip icon={<NotificationsActiveIcon />} color="error" label={translate('resources.bookings.board.ringing')} size="small" />
            <Button sx={{ minHeight: 44 }} onClick={onSeen}>
              {translate('servery.board.acknowledge')}
            </Button>
          </>
        )}
        {notice && onDismiss && (
          <Button sx={{ minHeight: 44 }} onClick={onDismiss}>
            {translate('resources.bookings.card.dismiss')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
