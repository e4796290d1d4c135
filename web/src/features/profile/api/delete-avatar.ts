import { api } from '../../../lib/api';

/** DELETE /api/me/avatar: removes the file and clears avatar_url (204). */
export const deleteAvatar = () => api.delete<undefined>('/api/me/avatar');
