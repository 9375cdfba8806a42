import { useCallback, useEffect, useMemo } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { useInProgressOrders, useNewOrders } from './useNewOrders';
import { useBoardMode } from '../../src/contracts/boardMode';
import { touchTargets } from '../../src/components/touch';
import type { ApiOrder } from '../../domain/orderView';
import { useShopEvents } from '../../src/components/live/useShopEvents';
import { useAlarm } from '../../src/components/live/useAlarm';
import { useSoundSetting } from '../../src/components/live/useSoundSetting';
import { useCountInTitle } from '../../src/components/live/useCountInTitle';
import { AlarmActions, AlarmNotices, LiveCount } from '../../src/components/live/BoardControls';
import { useApi } from '../../src/components/api';
import type { OrdersApi } from './api';
import { InProgressCard, OrderCard } from './OrderCard';
import { BusyPanel, busyKey } from './BusyPanel';
import { OpenStateLine } from './OpenStateLine';
import { usePrintTicket } from './Ticket';
import { usePrintOnAccept } from './usePrintOnAccept';
import { useFirstViewHandover } from '../../src/components/prerendered';

const ORDER_EVENTS = ['order.created', 'order.updated', 'busy.updated'];

/**
 * orders/dashboard, the counter's board: the shop's NEW orders (accept or reject on the card), ringing until opened,
 * beside the orders in progress (complete in one tap), both oldest first and live over the event stream.
 */
export function DashboardPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const queryClient = useQueryClient();
  const { data: identity } = useGetIdentity();
  const { data: orders, isPending, error, refetch: refetchNew } = useNewOrders(shop.id);
  const making = useInProgressOrders(shop.id);
  const refetchMaking = making.refetch;
  const refetch = useCallback(() => {
    void refetchNew();
    void refetchMaking();
  }, [refetchNew, refetchMaking]);
  // The board's first view (firstView.tsx) stays until this board shows its lists.
  useFirstViewHandover(!isPending && !making.isPending);
  const board = useBoardMode();
  const { setFull } = board;
  // Leaving the board leaves full-screen mode: no other page has a way out of it.
  useEffect(() => () => setFull(false), [setFull]);
  const [printOnAccept, setPrintOnAccept] = usePrintOnAccept();
  const ticket = usePrintTicket();
  const done = useCallback(
    (o: ApiOrder, action: string) => {
      if (action === 'accept' && printOnAccept) ticket.print(o);
      refetch();
    },
    [printOnAccept, refetch, ticket],
  );
  const api = useApi<OrdersApi>();
  const [soundOn, setSoundOn, sound] = useSoundSetting(identity?.id ? String(identity.id) : undefined);

  const onEvent = useCallback(
    (type: string) => {
      if (type === 'busy.updated') void queryClient.invalidateQueries({ queryKey: busyKey(shop.id) });
      else void refetch();
    },
    [queryClient, refetch, shop.id],
  );
  const { online } = useShopEvents(shop.id, ORDER_EVENTS, onEvent, () => void refetch());

  // Ringing until someone, on any device, opens or acknowledges the order (acknowledgedAt, shared over the stream).
  const unacknowledged = useMemo(() => (orders ?? []).filter((o) => !o.acknowledgedAt).map((o) => o.id), [orders]);
  const acknowledge = useCallback(
    (ids: string[]) => void Promise.all(ids.map((id) => api.acknowledgeOrder(shop.id, id))).finally(() => void refetch()),
    [api, refetch, shop.id],
  );
  const alarm = useAlarm(unacknowledged.length > 0, soundOn, sound);
  const title = translate('resources.orders.menu.dashboard');
  useCountInTitle(orders?.length ?? 0, `${title} · ${shop.name} · Servery`);

  return (
    <Box
      data-testid="orders-dashboard"
      sx={touchTargets}
      data-audio-state={alarm.audioState}
      data-rings={alarm.rings}
      data-ringing={unacknowledged.length > 0 && soundOn ? 'true' : 'false'}
    >
      <PageHeader
        inShop
        title={title}
        subtitle={`Times in ${shop.timezone.replace(/_/g, ' ')}`}
        actions={
          <AlarmActions
            alarm={alarm}
            soundOn={soundOn}
            noun="orders"
            unacknowledged={unacknowledged.length}
            onAcknowledgeAll={() => acknowledge(unacknowledged)}
          >
            <Button
              variant="outlined"
              startIcon={board.full ? <FullscreenExitIcon /> : <FullscreenIcon />}
              onClick={() => setFull(!board.full)}
              aria-pressed={board.full}
              title={board.full ? 'Escape leaves full screen' : undefined}
            >
              {board.full ? 'Leave full screen' : 'Full screen'}
            </Button>
          </AlarmActions>
        }
      />
      <Stack sx={{ gap: 1, mb: 2 }} data-part="board-controls">
        <AlarmNotices online={online} alarm={alarm} soundOn={soundOn} noun="orders" />
        <Stack direction="row" sx={{ columnGap: 3, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch checked={soundOn} onChange={(e) => setSoundOn(e.target.checked)} />}
            label={translate('resources.orders.board.ring')}
          />
          <FormControlLabel
            data-part="print-switch"
            control={<Switch checked={printOnAccept} onChange={(e) => setPrintOnAccept(e.target.checked)} />}
            label={translate('resources.orders.board.printOnAccept')}
          />
        </Stack>
      </Stack>
      <BusyPanel shopId={shop.id} timeZone={shop.timezone} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Box component="section" aria-labelledby="new-orders-title" sx={{ minWidth: 0 }}>
          <Typography id="new-orders-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {title} {orders?.length ? `(${orders.length})` : ''}
          </Typography>
          {error ? (
            <Alert severity="error">{error.message}</Alert>
          ) : isPending ? (
            <Pending />
          ) : !orders?.length ? (
            <Box data-testid="board-empty">
              <EmptyState icon={<ReceiptLongIcon />} text={messages.noOrdersYet} />
              <Box sx={{ textAlign: 'center', mt: -4, mb: 4 }}>
                <OpenStateLine shop={shop} />
              </Box>
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
              {orders.map((o) => (
                <OrderCard
                  key={o.id}
                  order={o}
                  shop={shop}
                  ringing={!o.acknowledgedAt}
                  onAcknowledge={() => acknowledge([o.id])}
                  onDone={done}
                />
              ))}
            </Box>
          )}
        </Box>
        <Box component="section" aria-labelledby="in-progress-title" data-testid="in-progress" sx={{ minWidth: 0 }}>
          <Typography id="in-progress-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('resources.orders.board.inProgress')} {making.data?.length ? `(${making.data.length})` : ''}
          </Typography>
          {making.error ? (
            <Alert severity="error">{making.error.message}</Alert>
          ) : making.isPending ? (
            <Pending />
          ) : !making.data?.length ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {translate('resources.orders.board.nothingInProgress')}
            </Typography>
          ) : (
            <Stack sx={{ gap: 2 }}>
              {making.data.map((o) => (
                <InProgressCard key={o.id} order={o} shop={shop} onDone={done} />
              ))}
            </Stack>
          )}
        </Box>
      </Box>
      {ticket.sheet(shop)}
      <LiveCount text={orders?.length ? `${orders.length} new orders` : ''} />
    </Box>
  );
}
