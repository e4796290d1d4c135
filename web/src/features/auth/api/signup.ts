import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { OkResponse, SignupRequest } from '../../../lib/api';

/** POST /api/auth/signup (201 also for a known e-mail: it looks like a fresh sign-up). */
export const signup = (body: SignupRequest) => api.post<OkResponse>('/api/auth/signup', body, { auth: false });

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
