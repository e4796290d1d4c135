import { queryOptions } from '@tanstack/react-query';
import { api, type ResponseBody } from '../../../lib/api';

/** GET /api/me/reauth: how the caller confirms an account deletion. */
export type ReauthStatus = ResponseBody<'/api/me/reauth', 'get'>;

/** A provider a user without a password confirms with. */
export type ReauthProvider = ReauthStatus['providers'][number];

export const reauthStatusQueryKey = ['me', 'reauth'] as const;

/**
 * GET /api/me/reauth: password, a fresh Google/Apple sign-in (and whether
 * this session has one that is still unused), or nothing (a guest).
 */
export function reauthStatusQueryOptions() {
  return queryOptions({
    queryKey: reauthStatusQueryKey,
    queryFn: ({ signal }) => api.get<ReauthStatus>('/api/me/reauth', { signal }),
    staleTime: 0,
  });
}

/**
 * POST /api/me/reauth/{provider}: starts a fresh sign-in at the provider
 * and answers the page the browser goes to; it comes back to
 * /app/dashboard?reauth=1 (or ?reauth=failed).
 */
export const startReauth = (provider: ReauthProvider) =>
  api.post<ResponseBody<'/api/me/reauth/{provider}', 'post'>>(`/api/me/reauth/${provider}`);
