import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LoginRequest, Session } from '../../../lib/api';

/** POST /api/auth/login */
export const login = (body: LoginRequest) => api.post<Session>('/api/auth/login', body, { auth: false });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
