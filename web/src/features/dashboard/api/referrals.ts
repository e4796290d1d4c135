import { queryOptions } from '@tanstack/react-query';
import { api, type Referral } from '../../../lib/api';

export const referralsQueryKey = ['referrals'] as const;

/** GET /api/referrals: who registered through the user's link, newest first. */
export function referralsQueryOptions() {
  return queryOptions({
    queryKey: referralsQueryKey,
    queryFn: ({ signal }) => api.get<Referral[]>('/api/referrals', { signal }),
    staleTime: 0,
  });
}
