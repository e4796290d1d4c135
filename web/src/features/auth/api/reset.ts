import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { OkResponse, ResetRequest } from '../../../lib/api';

/** POST /api/auth/reset: sets a new password with the reset link's token. */
export const resetPassword = (body: ResetRequest) =>
  api.post<OkResponse>('/api/auth/reset', body, { auth: false });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
