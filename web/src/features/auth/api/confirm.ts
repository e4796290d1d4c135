import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ConfirmRequest, OkResponse } from '../../../lib/api';

/** POST /api/auth/confirm: the e-mail confirmation link's token. */
export const confirmEmail = (body: ConfirmRequest) =>
  api.post<OkResponse>('/api/auth/confirm', body, { auth: false });

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
