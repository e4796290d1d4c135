import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LoginRequest, LoginResponse, TOTPChallenge } from '../../../lib/api';

/** POST /api/auth/login: a session, or (two-factor sign-in) the code step. */
export const login = (body: LoginRequest) => api.post<LoginResponse>('/api/auth/login', body, { auth: false });

/** Whether a sign-in answer asks for the authenticator code first. */
export function needsCode(answer: LoginResponse): answer is TOTPChallenge {
  return 'totp_required' in answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
