import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminQueryKey, type AdminUserItem } from '../../shared';

/** One UTC day's count ("YYYY-MM-DD"). */
export interface DayCount {
  day: string;
  count: number;
}

/** GET /api/admin/overview */
export interface OverviewResponse {
  users: number;
  /** Users with session activity in the last 15 minutes. */
  activeSessions: number;
  /** Feedback not yet 'bearbeitet'. */
  openFeedback: number;
  /** Chats started since UTC midnight (deleted ones too). */
  chatsToday: number;
  /** … since the first of the UTC month. */
  chatsMonth: number;
  /** The last 30 UTC days, oldest first, today last. */
  newUsersPerDay: DayCount[];
  /** The five newest accounts, newest first. */
  newestUsers: AdminUserItem[];
}

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKey('overview'),
    queryFn: ({ signal }) => api.get<OverviewResponse>('/api/admin/overview', { signal }),
    staleTime: 15_000,
  });
}
