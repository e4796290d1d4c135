import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas, type ResponseBody } from '../../../../lib/api';
import { adminQueryKey, withQuery } from '../../shared';

export type TokenTotals = ApiSchemas['TokenTotals'];

/** The usage of the users of one plan (by their current plan). */
export type PlanUsage = ApiSchemas['PlanTokenTotals'];

export type UserUsage = UsageReport['users'][number];

/** GET /api/admin/usage */
export type UsageReport = ResponseBody<'/api/admin/usage', 'get'>;

export interface UsageQuery {
  from: string;
  to: string;
  limit: number;
  offset: number;
}

/** GET /api/admin/usage?from&to&limit&offset; a new page keeps the old one on screen while it loads. */
export function usageQueryOptions(q: UsageQuery) {
  return queryOptions({
    queryKey: adminQueryKey('usage', q),
    queryFn: ({ signal }) => api.get<UsageReport>(withQuery('/api/admin/usage', { ...q }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
