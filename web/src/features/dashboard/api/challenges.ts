import { queryOptions } from '@tanstack/react-query';
import { api, type ChallengeCard } from '../../../lib/api';

/**
 * GET /api/challenges: the nine challenges with the caller's progress. The
 * key sits under ['me', userId] so live profile changes refresh the rings.
 */
export function challengesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['me', userId, 'challenges'] as const,
    queryFn: ({ signal }) => api.get<ChallengeCard[]>('/api/challenges', { signal }),
    staleTime: 0,
  });
}
