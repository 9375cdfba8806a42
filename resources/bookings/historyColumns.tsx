import { Link, Typography } from '@mui/material';
import { phoneForDisplay } from '../../domain/contact';
import type { Shop } from '../../domain/shop';
import type { ResponsiveColumn } from '../../src/components/ResponsiveTable';
import type { BookingRow } from './booking';
import { BookingStatus } from './BookingStatus';
import { guestSummary } from './GuestHistory';
import { bookedFor, guestsLabel } from './format';

/** Booking History's columns: when, who (with how the guest has kept their bookings here), a phone to call, the state. */
export function historyColumns(shop: Pick<Shop, 'timezone' | 'country'>): ResponsiveColumn<BookingRow>[] {
  return [
    {
      label: 'resources.bookings.fields.date',
      primary: true,
      render: (b) => <Typography sx={{ fontWeight: 600 }}>{bookedFor(b.date, shop.timezone)}</Typography>,
    },
    {
      label: 'resources.bookings.fields.name',
      render: (b) => (
        <>
          {b.name} · {guestsLabel(b.pax)}
          <Typography variant="body2" color={b.guest.noShows > 0 ? 'error' : 'text.secondary'}>
            {guestSummary(b.guest)}
          </Typography>
        </>
      ),
    },
    {
      label: 'resources.bookings.fields.phone',
      render: (b) => (
        <Link href={`tel:${b.phone}`} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, whiteSpace: 'nowrap' }}>
          {phoneForDisplay(b.phone, shop.country)}
        </Link>
      ),
    },
    { label: 'resources.bookings.fields.specialRequest', render: (b) => b.specialRequest ?? '—', showFrom: 'lg' },
    { label: 'resources.bookings.fields.status', render: (b) => <BookingStatus booking={b} /> },
  ];
}
