import { useCallback, useEffect, useMemo } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, FormControlLabel, Stack, Switch } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { useNewOrders } from './useNewOrders';
import { useShopEvents } from './useShopEvents';
import { useOrderAlarm } from './useOrderAlarm';
import { useSoundSetting } from './useSoundSetting';
import { useApi } from '../../src/components/api';
import type { OrdersApi } from './api';
import { OrderCard } from './OrderCard';
import { BusyPanel, busyKey } from './BusyPanel';

/** Puts the count of NEW orders in front of the tab title the shop shell sets: '(2) New Orders · …'. */
function useCountInTitle(count: number, base: string) {
  useEffect(() => {
    // The shell's own title effect runs after this page's; set ours once the whole commit is done.
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = count > 0 ? `(${count}) ${base}` : base;
    });
    return () => {
      live = false;
      document.title = base;
    };
  }, [count, base]);
}

/** orders/dashboard: the shop's NEW orders, oldest first, live over the event stream, ringing until opened. */
export function DashboardPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const queryClient = useQueryClient();
  const { data: identity } = useGetIdentity();
  const { data: orders, isPending, error, refetch } = useNewOrders(shop.id);
  const api = useApi<OrdersApi>();
  const [soundOn, setSoundOn] = useSoundSetting(identity?.id ? String(identity.id) : undefined);

  const onEvent = useCallback(
    (type: string) => {
      if (type === 'busy.updated') void queryClient.invalidateQueries({ queryKey: busyKey(shop.id) });
      else void refetch();
    },
    [queryClient, refetch, shop.id],
  );
  const { online } = useShopEvents(shop.id, onEvent, () => void refetch());

  // Ringing until someone, on any device, opens or acknowledges the order (acknowledgedAt, shared over the stream).
  const unacknowledged = useMemo(() => (orders ?? []).filter((o) => !o.acknowledgedAt).map((o) => o.id), [orders]);
  const acknowledge = useCallback(
    (ids: string[]) => void Promise.all(ids.map((id) => api.acknowledgeOrder(shop.id, id))).finally(() => void refetch()),
    [api, refetch, shop.id],
  );
  const alarm = useOrderAlarm(unacknowledged.length > 0, soundOn);
  const title = translate('resources.orders.menu.dashboard');
  useCountInTitle(orders?.length ?? 0, `${title} · ${shop.name} · Servery`);

  return (
    <Box
      data-testid="orders-dashboard"
      data-audio-state={alarm.audioState}
      data-rings={alarm.rings}
      data-ringing={unacknowledged.length > 0 && soundOn ? 'true' : 'false'}
    >
      <PageHeader
        inShop
        title={title}
        subtitle={`Times in ${shop.timezone.replace(/_/g, ' ')}`}
        actions={
          <>
            {!alarm.started ? (
              <Button variant="contained" size="large" startIcon={<NotificationsActiveIcon />} onClick={() => void alarm.start()}>
                Start taking orders
              </Button>
            ) : (
              <Button variant="outlined" startIcon={<VolumeUpIcon />} onClick={() => alarm.test()} disabled={!soundOn}>
                Test sound
              </Button>
            )}
            {unacknowledged.length > 0 && (
              <Button variant="outlined" color="error" onClick={() => acknowledge(unacknowledged)}>
                Acknowledge all
              </Button>
            )}
          </>
        }
      />
      <Stack sx={{ gap: 1, mb: 2 }}>
        {!online && (
          <Alert severity="error" role="alert" data-testid="offline-banner">
            Offline, reconnecting…
          </Alert>
        )}
        {!alarm.started && (
          <Alert severity="warning">Sound is blocked until you press Start taking orders. New orders will not ring.</Alert>
        )}
        {alarm.blocked && (
          <Alert severity="warning">
            The browser is blocking sound. Press Start taking orders again, and check the device is not muted.
          </Alert>
        )}
        {alarm.started && !soundOn && <Alert severity="warning">Sound is off. New orders will not ring.</Alert>}
        {alarm.started && !alarm.awake && (
          <Alert severity="info">This browser cannot keep the screen awake: set the device not to sleep while taking orders.</Alert>
        )}
        <FormControlLabel
          control={<Switch checked={soundOn} onChange={(e) => setSoundOn(e.target.checked)} />}
          label={translate('resources.orders.board.ring')}
        />
      </Stack>
      <BusyPanel shopId={shop.id} timeZone={shop.timezone} />
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : isPending ? (
        <Pending />
      ) : !orders?.length ? (
        <EmptyState icon={<ReceiptLongIcon />} text={messages.noOrdersYet} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} shop={shop} ringing={!o.acknowledgedAt} onAcknowledge={() => acknowledge([o.id])} />
          ))}
        </Box>
      )}
      <Box aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {orders?.length ? `${orders.length} new orders` : ''}
      </Box>
    </Box>
  );
}
