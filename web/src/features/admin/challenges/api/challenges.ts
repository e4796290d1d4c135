import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas, type RequestBody } from '../../../../lib/api';
import { adminQueryKey } from '../../shared';

/** One challenge as the back-office edits it (GET/PUT /api/admin/challenges). */
export type AdminChallenge = AdminChallengesResponse['challenges'][number];

export type TopChallenge = AdminChallengesResponse['top'][number];

export type AdminChallengesResponse = ApiSchemas['AdminChallenges'];

/** What PUT /api/admin/challenges takes per challenge (any subset of the nine). */
export type ChallengeUpdate = RequestBody<'/api/admin/challenges', 'put'>['challenges'][number];

export const adminChallengesQueryKey = adminQueryKey('challenges');

/** GET /api/admin/challenges */
export function adminChallengesQueryOptions() {
  return queryOptions({
    queryKey: adminChallengesQueryKey,
    queryFn: ({ signal }) => api.get<AdminChallengesResponse>('/api/admin/challenges', { signal }),
    staleTime: 30_000,
  });
}

/** PUT /api/admin/challenges: saves the given challenges; answers like GET. */
export function updateChallenges(challenges: ChallengeUpdate[]): Promise<AdminChallengesResponse> {
  return api.put<AdminChallengesResponse>('/api/admin/challenges', { challenges });
}
