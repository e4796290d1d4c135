import { api, type TOTPReauth } from '../../../lib/api';

/** POST /api/me/totp/disable: turns two-factor sign-in off (password or code). */
export const disableTOTP = (body: TOTPReauth) => api.post<undefined>('/api/me/totp/disable', body);
