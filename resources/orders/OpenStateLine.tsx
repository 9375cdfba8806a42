import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import { addDays, localDate } from '../../domain/hours';
import { openState, openStateWords } from '../../domain/openState';
import type { Shop } from '../../domain/shop';
import { settingsKey } from '../../src/components/settingsQuery';
import { useApi } from '../../src/components/api';
import type { OrdersApi } from './api';

const MINUTE = 60_000;

/** The clock, moved on every minute (the words change on the minute at most). */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * 'Open until 9 pm' / 'Closed now · opens 6:30 am', from the shop's timings and closures: beside an empty board it
 * tells whether orders can come at all. Says nothing until both are read (or when they cannot be).
 */
export function OpenStateLine({ shop }: { shop: Shop }) {
  const api = useApi<OrdersApi>();
  const now = useMinute();
  const today = localDate(now, shop.timezone);
  // Read quietly: the line is a hint, and a failure to read it must not toast over the board.
  const timings = useQuery({ queryKey: settingsKey(shop.id, 'timings'), queryFn: () => api.getSetting(shop.id, 'timings'), retry: false });
  const closures = useQuery({
    queryKey: ['shops', shop.id, 'closures', 'board', today],
    queryFn: () => api.boardClosures(shop.id, addDays(today, -1)),
    retry: false,
  });
  if (!timings.data || !closures.data) return null;
  const state = openState({ timeZone: shop.timezone, timings: timings.data, closures: closures.data }, now);
  return (
    <Typography data-testid="open-state" color={state.open ? 'success.main' : 'text.secondary'} sx={{ fontWeight: 600 }}>
      {openStateWords(state, now, shop.timezone)}
    </Typography>
  );
}
