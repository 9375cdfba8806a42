import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiBooking } from '../../domain/booking';
import { useApi, useApiMutation } from '../../src/components/api';
import type { BookingsApi } from './api';
import { bookingActions, type BookingRow, type RejectReason } from './booking';
import { RejectDialog } from './RejectDialog';

/** A failed call as httpClient throws it; a 409 carries the booking as it now is. */
const failure = (e: unknown) => e as { status?: number; message?: string; body?: { booking?: ApiBooking } };

/**
 * Accept, reject (with a reason) and no-show, as the booking's status allows. Every failure is toasted with the
 * server's message; a 409 (another device moved the booking first) also goes to `onConflict` with the booking as the
 * server says it now is, so the page can show it.
 */
export function BookingActions({
  booking,
  shopId,
  now,
  onDone,
  onConflict,
}: {
  booking: BookingRow;
  shopId: string;
  now: Date;
  onDone: (b: BookingRow) => void;
  onConflict: (message: string, now?: ApiBooking) => void;
}) {
  const api = useApi<BookingsApi>();
  const translate = useTranslate();
  const [rejecting, setRejecting] = useState(false);
  const accept = useApiMutation({
    mutationFn: () => api.acceptBooking(shopId, booking.id),
    success: translate('resources.bookings.actions.accepted'),
    onSuccess: onDone,
  });
  const reject = useApiMutation({
    mutationFn: (reason: RejectReason) => api.rejectBooking(shopId, booking.id, reason),
    success: translate('resources.bookings.actions.rejected'),
    onSuccess: onDone,
  });
  const noShow = useApiMutation({
    mutationFn: () => api.markNoShow(shopId, booking.id),
    success: translate('resources.bookings.actions.markedNoShow'),
    onSuccess: onDone,
  });
  const conflict = (e: unknown) => {
    const f = failure(e);
    if (f.status === 409) onConflict(f.message ?? '', f.body?.booking);
  };
  const busy = accept.isPending || reject.isPending || noShow.isPending;
  const actions = bookingActions(booking, now);
  if (!actions.length) return null;
  const big = { minHeight: 44, minWidth: 96 };
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {actions.includes('accept') && (
        <Button variant="contained" color="success" disabled={busy} sx={big} onClick={() => accept.mutateAsync().catch(conflict)}>
          {translate('resources.bookings.actions.accept')}
        </Button>
      )}
      {actions.includes('reject') && (
        <Button variant="outlined" color="error" disabled={busy} sx={big} onClick={() => setRejecting(true)}>
          {translate('resources.bookings.actions.reject')}
        </Button>
      )}
      {actions.includes('noShow') && (
        <Button variant="outlined" disabled={busy} sx={big} onClick={() => noShow.mutateAsync().catch(conflict)}>
          {translate('resources.bookings.noShow')}
        </Button>
      )}
      <RejectDialog
        open={rejecting}
        name={booking.name}
        pending={reject.isPending}
        onClose={() => setRejecting(false)}
        onReject={(reason) =>
          reject.mutateAsync(reason).then(
            () => setRejecting(false),
            // The dialog stays for another try, unless the booking has moved on.
            (e: unknown) => {
              if (failure(e).status === 409) setRejecting(false);
              conflict(e);
            },
          )
        }
      />
    </Stack>
  );
}
