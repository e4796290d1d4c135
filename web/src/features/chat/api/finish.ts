import { api, type FinishResponse } from '../../../lib/api';

/** POST /api/conversations/{id}/finish: 'Prüfung beenden'. */
export const finishExam = (conversationId: string) =>
  api.post<FinishResponse>(`/api/conversations/${encodeURIComponent(conversationId)}/finish`);
