import { queryOptions } from '@tanstack/react-query';
import { api } from '../client';
import type { Conversation, ConversationDetail, RenameResponse } from '../types';

/** Shared by the sidebar (history), the chat screen and the live updates. */
export const conversationsQueryKey = ['conversations'] as const;
export const conversationQueryKey = (id: string) => ['conversation', id] as const;

/** GET /api/conversations: own conversations, not deleted, newest first. */
export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: conversationsQueryKey,
    queryFn: ({ signal }) => api.get<Conversation[]>('/api/conversations', { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/conversations/{id}: messages (oldest first) and the chat's state. */
export function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: conversationQueryKey(id),
    queryFn: ({ signal }) =>
      api.get<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5_000,
  });
}

/** PATCH /api/conversations/{id} {title} */
export const renameConversation = (id: string, title: string) =>
  api.patch<RenameResponse>(`/api/conversations/${encodeURIComponent(id)}`, { title });

/** DELETE /api/conversations/{id} (hidden; it still counts against the quota). */
export const deleteConversation = (id: string) =>
  api.delete<undefined>(`/api/conversations/${encodeURIComponent(id)}`);
