import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { OkResponse, RecoverRequest } from '../../../lib/api';

/** POST /api/auth/recover: always answers ok, so it reveals no account. */
export const recover = (body: RecoverRequest) => api.post<OkResponse>('/api/auth/recover', body, { auth: false });

export function useRecover() {
  return useMutation({ mutationFn: recover });
}
