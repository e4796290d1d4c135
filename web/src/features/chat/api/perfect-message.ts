import { api, type PerfectMessageResponse } from '../../../lib/api';

/** POST /api/conversations/{id}/perfect-message: an answer a trainer scores near 100 (counted). */
export const fetchPerfectMessage = (conversationId: string, signal?: AbortSignal) =>
  api.post<PerfectMessageResponse>(
    `/api/conversations/${encodeURIComponent(conversationId)}/perfect-message`,
    { conversationId },
    { signal },
  );
