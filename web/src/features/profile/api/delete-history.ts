import { api, type DeleteHistoryResponse } from '../../../lib/api';

/** DELETE /api/me/history: hides all of the user's chats (they still count against the quota). */
export const deleteHistory = () => api.delete<DeleteHistoryResponse>('/api/me/history');
