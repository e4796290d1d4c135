import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { OkResponse, UpgradeRequest } from '../../../lib/api';

/** POST /api/auth/upgrade: a guest adds e-mail and password (a confirmation mail follows). */
export const upgradeGuest = (body: UpgradeRequest) => api.post<OkResponse>('/api/auth/upgrade', body);

export function useUpgradeGuest() {
  return useMutation({ mutationFn: upgradeGuest });
}
