import { queryOptions } from '@tanstack/react-query';
import { api, type SubscriptionResponse } from '../../../lib/api';

/** GET /api/subscription: the tier (free, plus, elite) and the status. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: ['subscription'] as const,
    queryFn: ({ signal }) => api.get<SubscriptionResponse>('/api/subscription', { signal }),
    staleTime: 0,
  });
}
