import { queryOptions } from '@tanstack/react-query';
import { api, type SubscriptionResponse } from '../../../lib/api';
import { subscriptionQueryKey } from '../../../lib/realtime/invalidate';

/** GET /api/subscription: the tier (free, plus, elite), the status and the cancellation state. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => api.get<SubscriptionResponse>('/api/subscription', { signal }),
    staleTime: 0,
  });
}
