import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../../lib/api';
import { adminQueryKey, withQuery, type Paged } from '../../shared';

/** GET /api/admin/conversations (items): any user's conversations, deleted ones too. */
export type AdminConversationItem = ApiSchemas['AdminConversationItem'];

export type AdminConversationMessage = AdminConversationDetail['messages'][number];

/** GET /api/admin/conversations/{id} (also for deleted conversations). */
export type AdminConversationDetail = ApiSchemas['AdminConversationDetail'];

export interface ConversationsParams {
  q: string;
  limit: number;
  offset: number;
}

/** GET /api/admin/conversations?q=&limit=&offset=: newest first; q matches title, owner's e-mail or the exact id. */
export function adminConversationsQueryOptions(params: ConversationsParams) {
  return queryOptions({
    queryKey: adminQueryKey('conversations', params),
    queryFn: ({ signal }) =>
      api.get<Paged<AdminConversationItem>>(withQuery('/api/admin/conversations', { ...params }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function adminConversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminQueryKey('conversation', id),
    queryFn: ({ signal }) =>
      api.get<AdminConversationDetail>(`/api/admin/conversations/${encodeURIComponent(id)}`, { signal }),
    staleTime: 10_000,
  });
}
