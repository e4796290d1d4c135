import { api, type RequestBody } from '../../../lib/api';

/** The body of POST /api/me/delete. */
export type DeleteAccountRequest = RequestBody<'/api/me/delete', 'post'>;

/**
 * POST /api/me/delete: deletes the account after the password (none for
 * guests) and the typed confirmation (LÖSCHEN or DELETE). Every session of
 * the account ends on the server.
 */
export const deleteAccount = (body: DeleteAccountRequest) => api.post<undefined>('/api/me/delete', body);
