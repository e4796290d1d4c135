import { queryOptions } from '@tanstack/react-query';
import { api, type ResponseBody } from '../../../../lib/api';
import { adminQueryKey } from '../../shared';

/** GET /api/admin/overview */
export type OverviewResponse = ResponseBody<'/api/admin/overview', 'get'>;

/** One UTC day's count ("YYYY-MM-DD"). */
export type DayCount = OverviewResponse['newUsersPerDay'][number];

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKey('overview'),
    queryFn: ({ signal }) => api.get<OverviewResponse>('/api/admin/overview', { signal }),
    staleTime: 15_000,
  });
}
