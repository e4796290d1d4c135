import { queryOptions } from '@tanstack/react-query';
import { api, type ReferralCodeResponse } from '../../../lib/api';

export const referralCodeQueryKey = ['referrals', 'code'] as const;

/** GET /api/referrals/code: the user's code if they have one ('' before the first 'Link generieren'). */
export function referralCodeQueryOptions() {
  return queryOptions({
    queryKey: referralCodeQueryKey,
    queryFn: ({ signal }) => api.get<ReferralCodeResponse>('/api/referrals/code', { signal }),
  });
}

/** POST /api/referrals/code: the user's referral code (created on first use). */
export const generateReferralCode = () => api.post<ReferralCodeResponse>('/api/referrals/code');
