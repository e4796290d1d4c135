import type { FamilyProgress } from '../../progress/shared';

/** How many families the aggregates list as the ones the team fails most. */
export const FAILED_FAMILIES = 5;

/**
 * The families the team fails most: the most attempts not solved first
 * (then the lower average score), only families with a failure.
 */
export function mostFailedFamilies(families: readonly FamilyProgress[], limit = FAILED_FAMILIES): FamilyProgress[] {
  const failed = (f: FamilyProgress) => f.attempts - f.solved;
  return families
    .filter((f) => failed(f) > 0)
    .sort((a, b) => failed(b) - failed(a) || (a.averageScore ?? 101) - (b.averageScore ?? 101))
    .slice(0, limit);
}
