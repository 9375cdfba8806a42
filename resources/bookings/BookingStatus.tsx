import { Chip, Stack } from '@mui/material';
import { STATUS_LABELS, type BookingRow } from './booking';

const COLORS = { NEW: 'warning', ACCEPTED: 'success', REJECTED: 'default', CANCELLED: 'default' } as const;

/** The booking's status as the spec words it, the reject reason, and a no-show kept beside it. */
export function BookingStatus({ booking }: { booking: Pick<BookingRow, 'status' | 'rejectReason' | 'noShow'> }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} data-testid="booking-status">
      <Chip
        size="small"
        color={COLORS[booking.status]}
        label={booking.status === 'REJECTED' && booking.rejectReason ? `Rejected: ${booking.rejectReason}` : STATUS_LABELS[booking.status]}
      />
      {booking.noShow && <Chip size="small" color="error" variant="outlined" label="No-show" />}
    </Stack>
  );
}
