import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { FeedbackStatus, FeedbackType } from '../../../../lib/feedback';
import { adminQueryKey, withQuery, type Paged } from '../../shared';

/** GET /api/admin/feedback (items): all feedback, newest first. */
export interface AdminFeedbackItem {
  id: string;
  /** null for a signed-out sender or a deleted account. */
  user_id: string | null;
  email: string;
  name: string;
  subject: string;
  type: FeedbackType;
  message: string;
  status: FeedbackStatus;
  created_at: string;
}

export interface AdminFeedbackParams {
  limit: number;
  offset: number;
}

export function adminFeedbackQueryOptions(params: AdminFeedbackParams) {
  return queryOptions({
    queryKey: adminQueryKey('feedback', params),
    queryFn: ({ signal }) =>
      api.get<Paged<AdminFeedbackItem>>(withQuery('/api/admin/feedback', { ...params }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** PATCH /api/admin/feedback/{id} {status}: any status, in any order. */
export const setFeedbackStatus = (id: string, status: FeedbackStatus) =>
  api.patch<AdminFeedbackItem>(`/api/admin/feedback/${encodeURIComponent(id)}`, { status });
