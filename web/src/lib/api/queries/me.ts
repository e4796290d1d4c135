import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { MeResponse, MeUpdateRequest } from '../types';

export const meQueryKey = (userId: string) => ['me', userId] as const;

/** GET /api/me: the signed-in user's row, profile and level. */
export function meQueryOptions(userId: string) {
  return queryOptions({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => api.get<MeResponse>('/api/me', { signal }),
    staleTime: 60_000,
  });
}

/** PATCH /api/me: only the fields that change; the answer is the new GET /api/me. */
export const updateMe = (patch: MeUpdateRequest) => api.patch<MeResponse>('/api/me', patch);
