import { api, type Score } from '../../../lib/api';

/** POST /api/conversations/{id}/score: the stored assessment of the latest answer (practice). */
export const fetchScore = (conversationId: string) =>
  api.post<Score>(`/api/conversations/${encodeURIComponent(conversationId)}/score`);
