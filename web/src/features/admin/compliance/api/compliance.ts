import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminQueryKey } from '../../shared';

/** GET /api/admin/compliance */
export interface ComplianceResponse {
  /** Users by the terms version they accepted; `without` never accepted. */
  terms: { v1: number; v2: number; other: number; without: number };
  /** Consent-audit rows of the last `days` days, all and by terms version. */
  audit: { days: number; total: number; v1: number; v2: number };
}

export function complianceQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKey('compliance'),
    queryFn: ({ signal }) => api.get<ComplianceResponse>('/api/admin/compliance', { signal }),
  });
}
