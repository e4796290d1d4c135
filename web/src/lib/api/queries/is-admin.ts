import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { IsAdminResponse } from '../types';

export const isAdminQueryKey = (userId: string) => ['is-admin', userId] as const;

/** GET /api/auth/is-admin: the role check that picks the route set. */
export function isAdminQueryOptions(userId: string) {
  return queryOptions({
    queryKey: isAdminQueryKey(userId),
    queryFn: ({ signal }) => api.get<IsAdminResponse>('/api/auth/is-admin', { signal }),
    staleTime: Infinity,
    retry: false,
  });
}
