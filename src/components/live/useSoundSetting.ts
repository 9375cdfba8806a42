import { useCallback, useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultShopPreferences, type ShopPreferences } from '../../../domain/preferences';
import type { SoundName } from './sounds';
import { useShop } from '../../contracts/shopContext';
import { useApi, useApiError, useApiQuery } from '../api';
import { shopPreferencesKey } from '../alerts';

const soundKey = (shopId: string, userId: string) => `servery.orders.sound.${shopId}.${userId}`;

/** This device's copy of the user's last known choice: only what the switch shows until the server answers. */
function beforeServerAnswers(shopId: string, userId: string | undefined): boolean {
  const v = userId ? localStorage.getItem(soundKey(shopId, userId)) : null;
  return v === null ? defaultShopPreferences.soundOn : v === 'on';
}

/**
 * The signed-in member's preferences at the current shop (alert mails, the boards' sound), read once and shared by
 * every reader through the query cache; the alerts page's form writes the same entry when it saves.
 */
export function useShopPreferences(userId: string | undefined) {
  const api = useApi();
  const { shop } = useShop();
  return useApiQuery<ShopPreferences>({
    queryKey: shopPreferencesKey(shop.id, userId ?? ''),
    queryFn: () => api.getShopPreferences(shop.id),
    enabled: Boolean(userId),
  });
}

/**
 * The sound of the live boards, New Orders and New Bookings (one switch for both, default on, and the sound the
 * member chose on the alerts page), kept per member and per shop by the server so it follows the person across
 * devices. A change shows at once (optimistic); if saving fails the switch goes back and a toast says why.
 */
export function useSoundSetting(userId: string | undefined) {
  const api = useApi();
  const { shop } = useShop();
  const queryClient = useQueryClient();
  const report = useApiError();
  const key = shopPreferencesKey(shop.id, userId ?? '');
  const { data } = useShopPreferences(userId);
  const on = data?.soundOn ?? beforeServerAnswers(shop.id, userId);
  const sound: SoundName = data?.sound ?? defaultShopPreferences.sound;

  useEffect(() => {
    if (userId && data) localStorage.setItem(soundKey(shop.id, userId), data.soundOn ? 'on' : 'off');
  }, [shop.id, userId, data]);

  const save = useMutation({
    mutationKey: key,
    mutationFn: (soundOn: boolean) => api.updateShopPreferences(shop.id, { soundOn }),
    onMutate: async (soundOn) => {
      // A read still in flight would otherwise put the old value back over the new one.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ShopPreferences>(key) ?? {
        ...defaultShopPreferences,
        soundOn: beforeServerAnswers(shop.id, userId),
      };
      queryClient.setQueryData<ShopPreferences>(key, { ...before, soundOn });
      return { before };
    },
    onError: (error, _soundOn, context) => {
      if (context) queryClient.setQueryData(key, context.before);
      report(error);
    },
    // Only the last of several quick flips reads the server's document back, so an earlier answer cannot flip the switch.
    onSettled: () => (queryClient.isMutating({ mutationKey: key }) === 1 ? queryClient.invalidateQueries({ queryKey: key }) : undefined),
  });

  const { mutate } = save;
  const set = useCallback((value: boolean) => mutate(value), [mutate]);
  return [on, set, sound] as const;
}
