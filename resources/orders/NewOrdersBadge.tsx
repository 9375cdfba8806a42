import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { useNewOrders } from './useNewOrders';

/** The sidebar's count of NEW orders (nothing when there are none). */
export function NewOrdersBadge({ shopId }: { shopId: string }) {
  const translate = useTranslate();
  const { total } = useNewOrders(shopId);
  if (!total) return null;
  return (
    <Chip
      size="small"
      color="error"
      label={total}
      aria-label={translate('resources.orders.board.newCount', { total })}
      data-testid="new-orders-count"
      sx={{ height: 20, fontWeight: 700, ml: 1 }}
    />
  );
}
