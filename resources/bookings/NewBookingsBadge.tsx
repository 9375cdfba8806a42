import { useTranslate } from 'react-admin';
import { WaitingCount } from '../../src/components/live/BoardControls';
import { useNewBookings } from './useNewBookings';

/** The sidebar's count of NEW bookings (nothing when there are none). */
export function NewBookingsBadge({ shopId }: { shopId: string }) {
  const translate = useTranslate();
  const { total } = useNewBookings(shopId);
  return <WaitingCount total={total} label={translate('resources.bookings.board.newCount', { total })} testId="new-bookings-count" />;
}
