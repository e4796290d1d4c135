import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../lib/api';

/** An assignment with the caller's own status (GET /api/me/assignments, issue 27). */
export type MyAssignment = ApiSchemas['Assignment'];

/**
 * The caller's assignments from their team: open and overdue ones first. The
 * key sits under ['me', userId], so live updates of the user's data refresh it.
 */
export function myAssignmentsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['me', userId, 'assignments'] as const,
    queryFn: ({ signal }) =>
      api.get<ApiSchemas['AssignmentList']>('/api/me/assignments', { signal }).then((r) => r.assignments),
    staleTime: 0,
  });
}
