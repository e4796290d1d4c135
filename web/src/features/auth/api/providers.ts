import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ProvidersResponse } from '../../../lib/api';

/** GET /api/auth/providers: which social sign-ins the server has configured. */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => api.get<ProvidersResponse>('/api/auth/providers', { auth: false, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useProviders() {
  return useQuery(providersQueryOptions());
}
