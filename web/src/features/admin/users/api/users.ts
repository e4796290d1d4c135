import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminQueryKey, withQuery, type AdminUserItem, type AdminUserStatus, type Paged } from '../../shared';

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

/** POST /api/admin/users: creates the account and mails the invitation. */
export interface CreateUserRequest {
  first_name: string;
  last_name: string;
  email: string;
}

export const createUser = (body: CreateUserRequest) => api.post<AdminUserItem>('/api/admin/users', body);

/** PATCH /api/admin/users/{id} */
export interface UpdateUserRequest {
  is_admin?: boolean;
  status?: AdminUserStatus;
}

export const updateUser = (id: string, patch: UpdateUserRequest) =>
  api.patch<AdminUserItem>(`/api/admin/users/${encodeURIComponent(id)}`, patch);
