import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Session, TOTPSignInRequest } from '../../../lib/api';

/**
 * POST /api/auth/totp: the code step. Without `challenge` (after Google or
 * Apple) the server takes the challenge from its cookie.
 */
export const signInWithCode = (body: TOTPSignInRequest) =>
  api.post<Session>('/api/auth/totp', body, { auth: false });

export function useCodeSignIn() {
  return useMutation({ mutationFn: signInWithCode });
}
