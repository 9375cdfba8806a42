import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { useNewBookings } from './useNewBookings';

/** The sidebar's count of NEW bookings (nothing when there are none). */
export function NewBookingsBadge({ shopId }: { shopId: string }) {
  const translate = useTranslate();
  const { total } = useNewBookings(shopId);
  if (!total) return null;
  return (
    <Chip
      size="small"
      color="error"
      label={total}
      aria-label={translate('resources.bookings.board.newCount', { total })}
      data-testid="new-bookings-count"
      sx={{ height: 20, fontWeight: 700, ml: 1 }}
    />
  );
}
