import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import AlarmIcon from '@mui/icons-material/Alarm';
import { overdueMinutes } from '../../../domain/overdue';
import { useSettingsDocument } from '../settingsQuery';

/** How often the board looks again whether an order has become overdue, and by how long. */
const TICK_MS = 15_000;

/** The current time, renewed every TICK_MS. */
function useTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * 'Overdue · 7 min' on a NEW order still waiting after the shop's unprocessed-order delay (the order settings'
 * monitor), the moment the monitor's alert mail goes out; nothing otherwise.
 */
export function OverdueMarker({ order, shopId }: { order: { placedAt: string; orderStatusRestaurant: string }; shopId: string }) {
  const translate = useTranslate();
  const { data: settings } = useSettingsDocument(shopId, 'order');
  const now = useTick();
  const minutes = overdueMinutes(order, settings, now);
  if (minutes === null) return null;
  return (
    <Chip
      icon={<AlarmIcon />}
      color="error"
      size="small"
      label={translate('servery.alerts.overdue', { minutes })}
      title={translate('servery.alerts.overdueLong', { minutes })}
      data-testid="order-overdue"
      sx={{ mt: 0.5 }}
    />
  );
}
