import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../components/api';
import { deployment } from '../../../providers/deployment';

export const STRIPE_KEY_QUERY = ['platform', 'stripe-key'] as const;

/**
 * The card-payment publishable key the console loads (spec 3 §4): the platform's remote config
 * decides between the main-account and the v2-account key; while it is unset the deployment's
 * own key applies. Saving the payment switch refreshes it.
 */
export function useStripePublishableKey(): { publishableKey: string; isPending: boolean } {
  const api = useApi();
  const query = useQuery({ queryKey: STRIPE_KEY_QUERY, queryFn: () => api.getStripeKey(), staleTime: 5 * 60_000, retry: false });
  return { publishableKey: query.data?.publishableKey || deployment.stripePublishableKey, isPending: query.isPending };
}
