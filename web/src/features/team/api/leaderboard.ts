import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../lib/api';
import { teamKey } from './team';

export type Leaderboard = ApiSchemas['Leaderboard'];
export type LeaderboardPeriod = Leaderboard['period'];

/** GET /api/team/leaderboard?period=week|month ('Bestenliste'). */
export function leaderboardQueryOptions(period: LeaderboardPeriod) {
  return queryOptions({
    queryKey: [...teamKey, 'leaderboard', period] as const,
    queryFn: ({ signal }) => api.get<Leaderboard>(`/api/team/leaderboard?period=${period}`, { signal }),
    staleTime: 0,
  });
}
