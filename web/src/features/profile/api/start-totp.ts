import { api, type TOTPSetup } from '../../../lib/api';

/** POST /api/me/totp: a new secret for the authenticator app, with its QR code. */
export const startTOTP = () => api.post<TOTPSetup>('/api/me/totp');
