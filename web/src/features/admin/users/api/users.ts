import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type RequestBody } from '../../../../lib/api';
import { adminQueryKey, withQuery, type AdminTeamItem, type AdminUserItem, type Paged } from '../../shared';

export interface UsersParams {
  q: string;
  limit: number;
  offset: number;
}

/** Every page of the user list (for invalidation). */
export const usersQueryKey = adminQueryKey('users');

/** GET /api/admin/users?q=&limit=&offset=: newest first; q matches e-mail, name or the exact id. */
export function usersQueryOptions(params: UsersParams) {
  return queryOptions({
    queryKey: adminQueryKey('users', params),
    queryFn: ({ signal }) => api.get<Paged<AdminUserItem>>(withQuery('/api/admin/users', { ...params }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /api/admin/teams?q=&limit=&offset=: newest first; q matches the team's name or the owner's e-mail. */
export function teamsQueryOptions(params: UsersParams) {
  return queryOptions({
    queryKey: adminQueryKey('teams', params),
    queryFn: ({ signal }) => api.get<Paged<AdminTeamItem>>(withQuery('/api/admin/teams', { ...params }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export type CreateUserRequest = RequestBody<'/api/admin/users', 'post'>;

export const createUser = (body: CreateUserRequest) => api.post<AdminUserItem>('/api/admin/users', body);

export type UpdateUserRequest = RequestBody<'/api/admin/users/{id}', 'patch'>;

export const updateUser = (id: string, patch: UpdateUserRequest) =>
  api.patch<AdminUserItem>(`/api/admin/users/${encodeURIComponent(id)}`, patch);

/**
 * POST /api/admin/teams/{teamId}/sso/disable (issue 29): an admin switches a
 * team's company sign-in off in an emergency (204; 404 for a team without it).
 */
export const disableTeamSso = (teamId: string) =>
  api.post<undefined>(`/api/admin/teams/${encodeURIComponent(teamId)}/sso/disable`);
