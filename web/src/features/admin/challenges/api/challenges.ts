import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminQueryKey } from '../../shared';

/** One challenge as the back-office edits it (GET/PUT /api/admin/challenges). */
export interface AdminChallenge {
  key: string;
  title: string;
  /** An icon key (lucide name), e.g. "trophy". */
  icon: string;
  description: string;
  /** The English texts users see in the English UI ('' shows the German ones). */
  title_en: string;
  description_en: string;
  /** 0 = staged (stages 1…1000 instead of a fixed target). */
  target: number;
  staged: boolean;
  /** Users who completed it (reached the target, or the first stage of a staged one). */
  completions: number;
}

export interface TopChallenge {
  key: string;
  title: string;
  icon: string;
  completions: number;
}

export interface AdminChallengesResponse {
  challenges: AdminChallenge[];
  /** The three with the most completions, most first. */
  top: TopChallenge[];
}

/** What PUT /api/admin/challenges takes per challenge (any subset of the nine). */
export interface ChallengeUpdate {
  key: string;
  title: string;
  icon: string;
  description: string;
  title_en: string;
  description_en: string;
  target: number;
}

export const adminChallengesQueryKey = adminQueryKey('challenges');

/** GET /api/admin/challenges */
export function adminChallengesQueryOptions() {
  return queryOptions({
    queryKey: adminChallengesQueryKey,
    queryFn: ({ signal }) => api.get<AdminChallengesResponse>('/api/admin/challenges', { signal }),
    staleTime: 30_000,
  });
}

/** PUT /api/admin/challenges: saves the given challenges; answers like GET. */
export function updateChallenges(challenges: ChallengeUpdate[]): Promise<AdminChallengesResponse> {
  return api.put<AdminChallengesResponse>('/api/admin/challenges', { challenges });
}
