import { api, type RecoveryCodes } from '../../../lib/api';

/** POST /api/me/totp/confirm: turns two-factor sign-in on with a first code; the recovery codes come once. */
export const confirmTOTP = (code: string) => api.post<RecoveryCodes>('/api/me/totp/confirm', { code });
