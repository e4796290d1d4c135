import type { QueryClient } from '@tanstack/react-query';
import { conversationQueryKey, conversationsQueryKey } from '../api/queries/conversations';
import type { RealtimeChange } from '../api/types';

/** Query keys that depend on the user's quota and level (usage, preflight). */
export const usageQueryKey = ['usage'] as const;
export const preflightQueryKey = ['chat-preflight'] as const;
/** The user's subscription (GET /api/subscription); PayPal's webhooks change it. */
export const subscriptionQueryKey = ['subscription'] as const;
/** The signed-in user's own feedback (GET /api/feedback). */
export const feedbackQueryKey = ['feedback'] as const;
/** Every team query (features/team): the team, its members, aggregates, leaderboard and shares. */
export const teamQueryKey = ['team'] as const;

/**
 * Marks the cached server data a change touches as stale; queries on screen
 * refetch at once: user/profile → /api/me (a user change also the
 * subscription and the quota it sets); conversation → the list, that
 * conversation, and what counts chats (usage, preflight); feedback → the
 * user's own feedback list; team (a member of the caller's team finished a
 * chat, joined, left or shared one) → every team query; resync (the server dropped changes: a slow
 * stream, a lost database notification) → everything.
 */
export function invalidateForChange(queryClient: QueryClient, change: RealtimeChange): void {
  switch (change.type) {
    case 'user':
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
      return;
    case 'profile':
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      return;
    case 'conversation':
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      if (change.id) void queryClient.invalidateQueries({ queryKey: conversationQueryKey(change.id) });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
      void queryClient.invalidateQueries({ queryKey: preflightQueryKey });
      return;
    case 'feedback':
      void queryClient.invalidateQueries({ queryKey: feedbackQueryKey });
      return;
    case 'team':
      void queryClient.invalidateQueries({ queryKey: teamQueryKey });
      return;
    case 'resync':
      void queryClient.invalidateQueries();
      return;
  }
}
