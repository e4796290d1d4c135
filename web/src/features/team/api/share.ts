import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../lib/api';
import { teamKey } from './team';

export type ChatShare = ApiSchemas['ChatShare'];

export interface SharedChat {
  chat: ApiSchemas['ConversationDetail'];
  /** Each scored answer's score by message id, as its author saw it. */
  answerScores: Record<string, number>;
  author: { userId: string; displayName: string; email: string };
}

const sharePath = (id: string) => `/api/conversations/${encodeURIComponent(id)}/share`;

/** Whether the caller's chat is shared with their team. */
export function shareQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: [...teamKey, 'share', conversationId] as const,
    queryFn: ({ signal }) => api.get<ChatShare>(sharePath(conversationId), { signal }),
  });
}

/** 'Mit meinem Team teilen' */
export const shareChat = (conversationId: string) => api.post<ChatShare>(sharePath(conversationId));
/** Revokes the share: the managers get 404 for the chat from then on. */
export const unshareChat = (conversationId: string) => api.delete<undefined>(sharePath(conversationId));

/** A chat a member shared with the caller's team (owners and managers). */
export function sharedChatQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: [...teamKey, 'chat', conversationId] as const,
    queryFn: ({ signal }) => api.get<SharedChat>(`/api/team/conversations/${encodeURIComponent(conversationId)}`, { signal }),
  });
}
