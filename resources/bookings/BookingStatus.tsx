import { useTranslate } from 'react-admin';
import { Chip, Stack } from '@mui/material';
import type { BookingRow } from './booking';

const COLORS = { NEW: 'warning', ACCEPTED: 'success', REJECTED: 'default', CANCELLED: 'default' } as const;

/** The booking's status as the spec words it, the reject reason, and a no-show kept beside it. */
export function BookingStatus({ booking }: { booking: Pick<BookingRow, 'status' | 'rejectReason' | 'noShow'> }) {
  const translate = useTranslate();
  const label =
    booking.status === 'REJECTED' && booking.rejectReason
      ? translate('resources.bookings.rejectedFor', { reason: booking.rejectReason })
      : translate(`resources.bookings.status.${booking.status}`);
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} data-testid="booking-status">
      <Chip size="small" color={COLORS[booking.status]} label={label} />
      {booking.noShow && <Chip size="small" color="error" variant="outlined" label={translate('resources.bookings.noShow')} />}
    </Stack>
  );
}
