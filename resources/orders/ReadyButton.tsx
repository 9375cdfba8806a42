import { useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import { canMarkReady } from '../../domain/order';
import type { ApiOrder } from '../../domain/orderView';
import { useApi, useApiMutation } from '../../src/components/api';
import type { OrdersApi } from './api';

/**
 * Ready, in one tap, for an order the kitchen is cooking (accepted, not completed, not ready yet); nothing otherwise.
 * The server tells the customer; a tap that crosses another device's is answered with the order as it already is.
 */
export function ReadyButton({
  order,
  onDone,
  size = 'medium',
}: {
  order: ApiOrder;
  onDone: (o: ApiOrder, action: 'ready') => void;
  size?: 'medium' | 'large';
}) {
  const translate = useTranslate();
  const api = useApi<OrdersApi>();
  const ready = useApiMutation({
    mutationFn: () => api.readyOrder(order.shopId, order.id),
    success: translate('resources.orders.actions.markedReady'),
    onSuccess: (o) => onDone(o, 'ready'),
  });
  if (!canMarkReady(order)) return null;
  return (
    <Button variant="contained" color="secondary" size={size} disabled={ready.isPending} onClick={() => ready.mutate()}>
      {translate('resources.orders.actions.ready')}
    </Button>
  );
}
