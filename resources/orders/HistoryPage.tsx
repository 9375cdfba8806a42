import { useGetList, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { messages } from '../../domain/messages';
import { COLLECTION_TYPES, ORDER_STATUSES, PAYMENT_TYPES } from '../../domain/order';
import { orderStatusWord, paymentLabel, type ApiOrder } from '../../domain/orderView';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApi, useApiQuery } from '../../src/components/api';
import { CsvButton } from '../../src/components/CsvButton';
import { HistoryFrame } from '../../src/components/history/HistoryFrame';
import { useHistory, type HistorySource } from '../../src/components/history/useHistory';
import type { OrdersApi } from './api';
import { collectionLabel, money } from './format';
import type { HistoryFilter } from './historyFilter';
import { historyColumns } from './historyColumns';

/** What Order History lists (orders by when they were placed) and narrows by: status, payment and collection. */
const orderHistory: HistorySource = {
  resource: 'orders',
  dateField: 'placedAt',
  labels: { range: 'resources.orders.history.range', month: 'resources.orders.history.month', search: 'resources.orders.history.search' },
  choices: [
    {
      param: 'orderStatusRestaurant',
      label: 'resources.orders.history.status',
      any: 'resources.orders.history.anyStatus',
      options: ORDER_STATUSES,
      words: orderStatusWord,
    },
    {
      param: 'paymentType',
      label: 'resources.orders.history.payment',
      any: 'resources.orders.history.anyPayment',
      options: PAYMENT_TYPES,
      words: paymentLabel,
    },
    {
      param: 'collectionType',
      label: 'resources.orders.history.collection',
      any: 'resources.orders.history.anyCollection',
      options: COLLECTION_TYPES,
      words: collectionLabel,
    },
  ],
};

/**
 * orders/history: the shop's orders in a date range on its own clock, newest first; found by number, name or phone;
 * narrowed by status, payment and collection; what the filter lists added up above it, and as a CSV.
 */
export function HistoryPage() {
  const translate = useTranslate();
  const api = useApi<OrdersApi>();
  const { shop } = useShop();
  const history = useHistory<ApiOrder, HistoryFilter>(orderHistory);
  const { filter } = history;
  const totals = useApiQuery({ queryKey: ['orders', 'totals', shop.id, filter], queryFn: () => api.getOrderTotals(shop.id, filter) });
  // An empty range says so; only a shop that never had an order says it has none yet.
  const anyOrder = useGetList<ApiOrder>(
    'orders',
    { filter: {}, pagination: { page: 1, perPage: 1 }, sort: { field: 'placedAt', order: 'DESC' }, meta: { shopId: shop.id } },
    { enabled: history.empty },
  );

  return (
    <HistoryFrame
      history={history}
      title={translate('resources.orders.menu.history')}
      headerActions={
        <CsvButton label={translate('resources.orders.history.exportCsv')} download={() => api.exportOrders(shop.id, filter)} />
      }
      notices={
        <Typography sx={{ mb: 1.5, fontWeight: 600, minHeight: 24 }} aria-live="polite" data-testid="history-totals">
          {totals.data
            ? translate('resources.orders.history.totals', {
                smart_count: totals.data.orders,
                gross: money(totals.data.gross, shop.country),
              })
            : ''}
        </Typography>
      }
      columns={(cards) => historyColumns(cards, shop)}
      cardsBelow="sm"
      rowTestId="history-row"
      rowPath={(o) => shopUrl(shop.id, 'orders', o.id)}
      empty={{
        icon: <ReceiptLongIcon />,
        text: anyOrder.isPending
          ? undefined
          : anyOrder.data?.length
            ? translate('resources.orders.history.noOrdersInRange')
            : messages.noOrdersYet,
      }}
    />
  );
}
