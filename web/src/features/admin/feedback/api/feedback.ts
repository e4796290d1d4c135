import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../../lib/api';
import type { FeedbackStatus } from '../../../../lib/feedback';
import { adminQueryKey, withQuery, type Paged } from '../../shared';

/** GET /api/admin/feedback (items): all feedback, newest first. */
export type AdminFeedbackItem = ApiSchemas['AdminFeedbackItem'];

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
