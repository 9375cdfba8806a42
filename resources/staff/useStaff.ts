import { useQueryClient } from '@tanstack/react-query';
import { useApi, useApiQuery } from '../../src/components/api';
import type { StaffApi } from './api';

const staffKey = (shopId: string) => ['shops', shopId, 'staff'] as const;

/** Sellers and pending invitations of a shop; a failed load is a toast (spec 3 §8) through the one error path. */
export function useStaff(shopId: string) {
  const api = useApi<StaffApi>();
  const queryClient = useQueryClient();
  const sellers = useApiQuery({ queryKey: [...staffKey(shopId), 'sellers'], queryFn: () => api.getSellers(shopId), enabled: !!shopId });
  const invites = useApiQuery({ queryKey: [...staffKey(shopId), 'invites'], queryFn: () => api.getInvites(shopId), enabled: !!shopId });
  return {
    sellers,
    invites,
    refresh: () => queryClient.invalidateQueries({ queryKey: staffKey(shopId) }),
  };
}
