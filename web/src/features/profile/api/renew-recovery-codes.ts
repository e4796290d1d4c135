import { api, type RecoveryCodes, type TOTPReauth } from '../../../lib/api';

/** POST /api/me/totp/recovery-codes: replaces the recovery codes (password or code); the new ones come once. */
export const renewRecoveryCodes = (body: TOTPReauth) => api.post<RecoveryCodes>('/api/me/totp/recovery-codes', body);
