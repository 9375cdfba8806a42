import { useCallback, useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultUserPreferences, type UserPreferences } from '../../domain/preferences';
import { useApi, useApiError, useApiQuery } from '../../src/components/api';
import type { OrdersApi } from './api';

/** The user in the key: a tablet handed to the next person must never show the previous one's choice. */
const preferencesKey = (userId: string) => ['me', userId, 'preferences'];

const soundKey = (userId: string) => `servery.orders.sound.${userId}`;

/** This device's copy of the user's last known choice: only what the switch shows until the server answers. */
function beforeServerAnswers(userId: string | undefined): boolean {
  const v = userId ? localStorage.getItem(soundKey(userId)) : null;
  return v === null ? defaultUserPreferences.orderSound : v === 'on';
}

/**
 * The per-user sound switch of the New Orders dashboard (default on), kept by the server so it follows the person
 * across devices. A change shows at once (optimistic); if saving fails the switch goes back and a toast says why.
 */
export function useSoundSetting(userId: string | undefined) {
  const api = useApi<OrdersApi>();
  const queryClient = useQueryClient();
  const report = useApiError();
  const user = userId ?? '';
  const key = preferencesKey(user);
  const { data } = useApiQuery<UserPreferences>({ queryKey: key, queryFn: () => api.getPreferences(), enabled: Boolean(userId) });
  const on = data?.orderSound ?? beforeServerAnswers(userId);

  useEffect(() => {
    if (userId && data) localStorage.setItem(soundKey(userId), data.orderSound ? 'on' : 'off');
  }, [userId, data]);

  const save = useMutation({
    mutationKey: key,
    mutationFn: (orderSound: boolean) => api.updatePreferences({ orderSound }),
    onMutate: async (orderSound) => {
      // A read still in flight would otherwise put the old value back over the new one.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<UserPreferences>(key) ?? {
        ...defaultUserPreferences,
        orderSound: beforeServerAnswers(userId),
      };
      queryClient.setQueryData<UserPreferences>(key, { ...before, orderSound });
      return { before };
    },
    onError: (error, _orderSound, context) => {
      if (context) queryClient.setQueryData(key, context.before);
      report(error);
    },
    // Only the last of several quick flips reads the server's document back, so an earlier answer cannot flip the switch.
    onSettled: () => (queryClient.isMutating({ mutationKey: key }) === 1 ? queryClient.invalidateQueries({ queryKey: key }) : undefined),
  });

  const { mutate } = save;
  const set = useCallback((value: boolean) => mutate(value), [mutate]);
  return [on, set] as const;
}
