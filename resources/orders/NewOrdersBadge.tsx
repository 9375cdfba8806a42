import { useTranslate } from 'react-admin';
import { WaitingCount } from '../../src/components/live/BoardControls';
import { useNewOrders } from './useNewOrders';

/** The sidebar's count of NEW orders (nothing when there are none). */
export function NewOrdersBadge({ shopId }: { shopId: string }) {
  const translate = useTranslate();
  const { total } = useNewOrders(shopId);
  return <WaitingCount total={total} label={translate('resources.orders.board.newCount', { total })} testId="new-orders-count" />;
}
