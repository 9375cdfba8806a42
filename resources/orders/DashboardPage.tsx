import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { EmptyState } from '../../src/components/PageHeader';
import type { ApiOrder } from '../../domain/orderView';
import { useLiveBoard } from '../../src/components/live/useLiveBoard';
import { LiveBoard } from '../../src/components/live/LiveBoard';
import { useApi } from '../../src/components/api';
import type { OrdersApi } from './api';
import { useInProgressOrders, useNewOrders, useScheduledOrders } from './useNewOrders';
import { arrivesAccepted, BUSY_EVENT, liveOrders } from './liveOrders';
import { InProgressCard, OrderCard, ScheduledCard } from './OrderCard';
import { BusyPanel, busyKey } from './BusyPanel';
import { OpenStateLine } from './OpenStateLine';
import { usePrintTicket } from './Ticket';
import { usePrintOnAccept } from './usePrintOnAccept';
import { useFirstViewHandover } from '../../src/components/prerendered';
import { keepFocusInColumn } from '../../src/components/live/keepFocus';
import { useMounted } from '../../src/contracts/mounts';

/**
 * orders/dashboard, the counter's board: the shop's NEW orders (accept or reject on the card), ringing until opened
 * or acknowledged, beside the orders in progress (cooking or ready: Ready and Complete in one tap each), both oldest
 * first, and the orders scheduled for later by when they are due, until their time moves them to the kitchen; all
 * live over the event stream.
 */
export function DashboardPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const queryClient = useQueryClient();
  const api = useApi<OrdersApi>();
  const fresh = useNewOrders(shop.id);
  const making = useInProgressOrders(shop.id);
  const later = useScheduledOrders(shop.id);
  // The board's first view (firstView.tsx) stays until this board shows its lists.
  useFirstViewHandover(!fresh.isPending && !making.isPending && !later.isPending);

  const [printOnAccept, setPrintOnAccept] = usePrintOnAccept();
  const ticket = usePrintTicket();
  // Read when an event comes, so the stream's handler stays the same while they change.
  const printing = useRef({ printOnAccept, ticket });
  useEffect(() => {
    printing.current = { printOnAccept, ticket };
  });
  // Orders that reach the kitchen accepted (as they were placed, or scheduled ones whose time came): each chimes
  // once and prints where printing is on.
  const [arrivedAccepted, setArrivedAccepted] = useState(0);
  const onEvent = useCallback(
    (type: string, data: Record<string, unknown>, before: ApiOrder | undefined) => {
      if (type === BUSY_EVENT) void queryClient.invalidateQueries({ queryKey: busyKey(shop.id) });
      else if (arrivesAccepted(type, data as Partial<ApiOrder>, before)) {
        setArrivedAccepted((n) => n + 1);
        if (printing.current.printOnAccept) printing.current.ticket.print(data as unknown as ApiOrder);
      }
    },
    [queryClient, shop.id],
  );
  const { online, place } = useLiveBoard(
    shop.id,
    useMemo(() => ({ ...liveOrders(shop.id), onEvent }), [shop.id, onEvent]),
  );

  const done = useCallback(
    (o: ApiOrder, action: string) => {
      if (action === 'accept' && printOnAccept) ticket.print(o);
      keepFocusInColumn(document.querySelector(`[data-order-id="${o.id}"]`));
      place(o);
    },
    [place, printOnAccept, ticket],
  );
  const acknowledge = useCallback((id: string) => api.acknowledgeOrder(shop.id, id), [api, shop.id]);
  const title = translate('resources.orders.menu.dashboard');
  const panels = useMounted('orders.board');

  return (
    <LiveBoard<ApiOrder>
      testId="orders-dashboard"
      title={title}
      noun={translate('resources.orders.board.noun')}
      online={online}
      place={place}
      acknowledge={acknowledge}
      fullScreen
      ringLabel={translate('resources.orders.board.ring')}
      countText={(total) => translate('resources.orders.board.newCount', { total })}
      chimes={arrivedAccepted}
      controls={
        <FormControlLabel
          data-part="print-switch"
          control={<Switch checked={printOnAccept} onChange={(e) => setPrintOnAccept(e.target.checked)} />}
          label={translate('resources.orders.board.printOnAccept')}
          sx={{ minHeight: 44 }}
        />
      }
      above={<BusyPanel shopId={shop.id} timeZone={shop.timezone} />}
      after={
        <>
          {/* Below the columns: the board's first view paints the cards where the console keeps them. */}
          {panels.map((Panel, i) => (
            <Box key={i} sx={{ mt: 2 }}>
              <Panel shopId={shop.id} timeZone={shop.timezone} />
            </Box>
          ))}
          {ticket.sheet(shop)}
        </>
      }
      columnsSx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '3fr 2fr 2fr' },
        alignItems: 'start',
      }}
      columns={[
        {
          id: 'new-orders',
          title,
          list: fresh,
          cardsSx: { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } },
          card: (o, ring) => (
            <OrderCard key={o.id} order={o} shop={shop} ringing={ring.ringing} onAcknowledge={ring.acknowledge} onDone={done} />
          ),
          empty: (
            <Box data-testid="board-empty">
              <EmptyState icon={<ReceiptLongIcon />} text={messages.noOrdersYet} />
              <Box sx={{ textAlign: 'center', mt: -4, mb: 4 }}>
                <OpenStateLine shop={shop} />
              </Box>
            </Box>
          ),
        },
        {
          id: 'in-progress',
          testId: 'in-progress',
          title: translate('resources.orders.board.inProgress'),
          list: making,
          cardsSx: { display: 'flex', flexDirection: 'column', gap: 2 },
          card: (o) => <InProgressCard key={o.id} order={o} shop={shop} onDone={done} />,
          empty: (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {translate('resources.orders.board.nothingInProgress')}
            </Typography>
          ),
        },
        {
          id: 'scheduled',
          testId: 'scheduled',
          title: translate('resources.orders.board.scheduled'),
          list: later,
          cardsSx: { display: 'flex', flexDirection: 'column', gap: 2 },
          card: (o) => <ScheduledCard key={o.id} order={o} shop={shop} onDone={done} />,
          empty: (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {translate('resources.orders.board.nothingScheduled')}
            </Typography>
          ),
        },
      ]}
    />
  );
}
