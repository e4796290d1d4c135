import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../lib/api';
import type { Range } from './members';
import { teamKey } from './team';

/** The team's aggregates: the shape of GET /api/me/progress summed over the team's members. */
export type TeamProgress = ApiSchemas['ProgressReport'];

/** GET /api/team/progress?range= (owners and managers). */
export function teamProgressQueryOptions(range: Range) {
  return queryOptions({
    queryKey: [...teamKey, 'progress', range] as const,
    queryFn: ({ signal }) => api.get<TeamProgress>(`/api/team/progress?range=${range}`, { signal }),
    staleTime: 0,
  });
}
