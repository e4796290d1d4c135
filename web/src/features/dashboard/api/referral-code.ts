import { api, type ReferralCodeResponse } from '../../../lib/api';

/** POST /api/referrals/code: the user's referral code (created on first use). */
export const generateReferralCode = () => api.post<ReferralCodeResponse>('/api/referrals/code');
