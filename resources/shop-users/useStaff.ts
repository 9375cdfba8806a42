import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { staffApi } from './api';

/** Sellers and pending invitations of a shop; a failed load shows the server's message as a toast (spec 3 §8). */
export function useStaff(shopId: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sellers = useQuery({ queryKey: ['shops', shopId, 'sellers'], queryFn: () => staffApi.sellers(shopId), retry: false, enabled: !!shopId });
  const invites = useQuery({ queryKey: ['shops', shopId, 'invites'], queryFn: () => staffApi.invites(shopId), retry: false, enabled: !!shopId });
  const error = sellers.error ?? invites.error;

  useEffect(() => {
    if (error) notify(error.message, { type: 'error' });
  }, [error, notify]);

  return {
    sellers,
    invites,
    refresh: () => queryClient.invalidateQueries({ queryKey: ['shops', shopId] }),
  };
}
