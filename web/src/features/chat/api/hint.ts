import { api, type HintResponse } from '../../../lib/api';

/** POST /api/conversations/{id}/hint: a tip for the next answer (the server counts it). */
export const fetchHint = (conversationId: string, signal?: AbortSignal) =>
  api.post<HintResponse>(`/api/conversations/${encodeURIComponent(conversationId)}/hint`, undefined, { signal });
