import { api } from '../../../../lib/api';

/**
 * DELETE /api/admin/users/{id}: deletes the account with everything that
 * belongs to it (an open subscription is cancelled first); not one's own.
 */
export const deleteUser = (id: string) => api.delete<undefined>(`/api/admin/users/${encodeURIComponent(id)}`);
