import { queryOptions } from '@tanstack/react-query';
import { api, type TOTPStatus } from '../../../lib/api';

export const totpStatusQueryKey = ['me', 'totp'] as const;

/** GET /api/me/totp: whether two-factor sign-in is on, pending or required. */
export function totpStatusQueryOptions() {
  return queryOptions({
    queryKey: totpStatusQueryKey,
    queryFn: ({ signal }) => api.get<TOTPStatus>('/api/me/totp', { signal }),
    staleTime: 0,
  });
}
