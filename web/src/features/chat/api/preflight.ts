import { queryOptions } from '@tanstack/react-query';
import { api, type PreflightResponse } from '../../../lib/api';
import { preflightQueryKey } from '../../../lib/realtime';

/** GET /api/chat/preflight: may a new chat start (quota), and which engine plays the customer. */
export const fetchPreflight = (signal?: AbortSignal) =>
  api.get<PreflightResponse>('/api/chat/preflight', { signal });

export function preflightQueryOptions() {
  return queryOptions({
    queryKey: preflightQueryKey,
    queryFn: ({ signal }) => fetchPreflight(signal),
    staleTime: 30_000,
  });
}
