import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, ButtonGroup, Stack, Typography } from '@mui/material';
import type { BusyBody, BusyState } from '../../domain/order';
import { EXTRA_MINUTES, PAUSE_MINUTES } from '../../domain/order';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { OrdersApi } from './api';
import { extraLine, pausedLine } from './format';

export const busyKey = (shopId: string) => ['shops', shopId, 'orders', 'busy'];

/** Busy mode (beyond the spec): pause new orders, or add minutes to every quoted time; both end by themselves. */
export function BusyPanel({ shopId, timeZone }: { shopId: string; timeZone: string }) {
  const api = useApi<OrdersApi>();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const busy = useApiQuery<BusyState>({ queryKey: busyKey(shopId), queryFn: () => api.getBusy(shopId), refetchInterval: 30_000 });
  const set = useApiMutation({
    mutationFn: (body: BusyBody) => api.setBusy(shopId, body),
    success: null,
    onSuccess: (state) => queryClient.setQueryData(busyKey(shopId), state),
  });
  const state = busy.data;
  const autoPaused = state?.paused && state.pauseReason === 'AUTO_UNANSWERED';
  return (
    <Stack sx={{ gap: 1, mb: 2 }} data-testid="busy-panel">
      {state?.paused && (
        <Alert
          severity="warning"
          data-part={autoPaused ? 'auto-paused' : 'paused'}
          action={
            <Button color="inherit" onClick={() => set.mutate({ mode: 'OFF' })} disabled={set.isPending}>
              {translate(autoPaused ? 'resources.orders.busy.resume' : 'resources.orders.busy.takeOrdersAgain')}
            </Button>
          }
        >
          {autoPaused
            ? translate('resources.orders.busy.autoPaused', { smart_count: state.unansweredOrders ?? 1 })
            : pausedLine(state, timeZone)}
        </Alert>
      )}
      {state && state.extraMinutes > 0 && (
        <Alert
          severity="info"
          data-part="extra"
          action={
            <Button color="inherit" onClick={() => set.mutate({ mode: 'OFF' })}>
              {translate('resources.orders.busy.backToNormal')}
            </Button>
          }
        >
          {extraLine(state, timeZone)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate('resources.orders.busy.question')}
        </Typography>
        <ButtonGroup size="small" aria-label={translate('resources.orders.busy.pause')} disabled={set.isPending}>
          {PAUSE_MINUTES.map((m) => (
            <Button key={m} onClick={() => set.mutate({ mode: 'PAUSE', minutes: m })}>
              {translate('resources.orders.busy.pauseFor', { minutes: m })}
            </Button>
          ))}
          <Button onClick={() => set.mutate({ mode: 'PAUSE', minutes: null })}>{translate('resources.orders.busy.pauseOpenEnded')}</Button>
        </ButtonGroup>
        <ButtonGroup size="small" aria-label={translate('resources.orders.busy.addMinutes')} disabled={set.isPending}>
          {EXTRA_MINUTES.map((m) => (
            <Button key={m} onClick={() => set.mutate({ mode: 'EXTRA', minutes: m })}>
              {translate('resources.orders.busy.addFor', { minutes: m })}
            </Button>
          ))}
        </ButtonGroup>
      </Stack>
    </Stack>
  );
}
