import { queryOptions } from '@tanstack/react-query';
import { api, type UsageResponse } from '../../../lib/api';
import { usageQueryKey } from '../../../lib/realtime/invalidate';

/** GET /api/me/usage: chats started in the current cycle and the quota. */
export function usageQueryOptions() {
  return queryOptions({
    queryKey: usageQueryKey,
    queryFn: ({ signal }) => api.get<UsageResponse>('/api/me/usage', { signal }),
    staleTime: 0,
  });
}
