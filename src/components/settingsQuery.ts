import { useQueryClient } from '@tanstack/react-query';
import type { SettingsKindName } from '../../domain/settings';
import { useApi, useApiQuery } from './api';

/** The one cache key of a shop's settings document, shared by its form and whoever reads it (tab visibility). */
export const settingsKey = (shopId: string, kind: string) => ['shops', shopId, 'settings', kind] as const;

/** GET /api/shops/{shopId}/settings/{kind} through the dataProvider (the server answers defaults when absent). */
export function useSettingsDocument<K extends SettingsKindName>(shopId: string, kind: K) {
  const api = useApi();
  return useApiQuery({ queryKey: settingsKey(shopId, kind), queryFn: () => api.getSetting(shopId, kind) });
}

/** Puts a saved document into the cache, so every reader of the kind sees what the server stored. */
export function useStoreSettings() {
  const queryClient = useQueryClient();
  return (shopId: string, kind: string, value: unknown) => queryClient.setQueryData(settingsKey(shopId, kind), value);
}
