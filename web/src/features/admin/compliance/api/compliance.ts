import { queryOptions } from '@tanstack/react-query';
import { api, type ResponseBody } from '../../../../lib/api';
import { adminQueryKey } from '../../shared';

/** GET /api/admin/compliance: users by accepted terms version, and the consent audit of the last `audit.days` days. */
export type ComplianceResponse = ResponseBody<'/api/admin/compliance', 'get'>;

export function complianceQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKey('compliance'),
    queryFn: ({ signal }) => api.get<ComplianceResponse>('/api/admin/compliance', { signal }),
  });
}
