import { useQueryClient } from '@tanstack/react-query';
import type { Store } from '../../domain/apps';
import { messages } from '../../domain/messages';
import { useApi, useApiMutation } from '../../src/components/api';
import type { AppsApi } from './api';

/** Requests a build for one store and refreshes the list, the app and its history. */
export function useRequestBuild() {
  const api = useApi<AppsApi>();
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ bundleId, store }: { bundleId: string; store: Store }) => api.requestBuild(bundleId, store),
    success: messages.buildRequested,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['whitelabel/apps'] });
      await queryClient.invalidateQueries({ queryKey: ['apps'] });
    },
  });
}
