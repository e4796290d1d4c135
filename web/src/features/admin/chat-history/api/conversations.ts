import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminQueryKey, withQuery, type Paged } from '../../shared';

/** GET /api/admin/conversations (items): any user's conversations, deleted ones too. */
export interface AdminConversationItem {
  id: string;
  user_id: string;
  user_email: string;
  title: string;
  /** 'Übung' or 'Prüfung' (ChatMode); kept open for other values. */
  mode: string;
  message_count: number;
  created_at: string;
  completed_at: string | null;
  deleted_at: string | null;
}

export interface AdminConversationMessage {
  id: string;
  /** user, seller, assistant or system (MessageRole). */
  role: string;
  content: string;
  created_at: string;
}

/** GET /api/admin/conversations/{id} (also for deleted conversations). */
export interface AdminConversationDetail {
  id: string;
  title: string;
  /** 'Übung' or 'Prüfung' (ChatMode); kept open for other values. */
  mode: string;
  created_at: string;
  messages: AdminConversationMessage[];
  user_id?: string;
  user_email?: string;
  completed_at?: string | null;
  deleted_at?: string | null;
}

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
