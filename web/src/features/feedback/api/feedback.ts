import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { feedbackQueryKey } from '../../../lib/realtime';
import type { FeedbackCreated, FeedbackRequest, OwnFeedback } from '../types';

/** POST /api/feedback: open to everyone (the bearer token is sent when there is one). */
export const submitFeedback = (body: FeedbackRequest) => api.post<FeedbackCreated>('/api/feedback', body);

/**
 * GET /api/feedback: the signed-in user's own submissions. Live 'feedback'
 * changes (an admin set a status) invalidate this key.
 */
export function ownFeedbackQueryOptions() {
  return queryOptions({
    queryKey: feedbackQueryKey,
    queryFn: ({ signal }) => api.get<OwnFeedback[]>('/api/feedback', { signal }),
  });
}
