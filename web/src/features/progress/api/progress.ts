import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../lib/api';

// GET /api/me/progress (docs/api/openapi.yaml, ProgressReport).

export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];

/** The caller's skill analytics (ProgressReport in docs/api/openapi.yaml). */
export type ProgressReport = ApiSchemas['ProgressReport'];
export type TechniqueProgress = ApiSchemas['TechniqueProgress'];
export type FamilyProgress = ApiSchemas['FamilyProgress'];
export type WeekProgress = ProgressReport['weekly'][number];
export type ExamResult = ProgressReport['exams'][number];
export type Recommendation = NonNullable<ProgressReport['recommendation']>;

/**
 * The report of the last `range` days. The key sits under ['me', userId], so
 * what refreshes the profile after an answer or an evaluation (and live
 * updates) refreshes it too.
 */
export function progressQueryOptions(userId: string, range: Range) {
  return queryOptions({
    queryKey: ['me', userId, 'progress', range] as const,
    queryFn: ({ signal }) => api.get<ProgressReport>(`/api/me/progress?range=${range}`, { signal }),
    staleTime: 0,
  });
}
