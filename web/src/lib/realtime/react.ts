import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationsQueryKey } from '../api/queries/conversations';
import { sessions } from '../auth/instance';
import { RealtimeClient } from './client';
import { feedbackQueryKey, invalidateForChange } from './invalidate';

/** Every open conversation's query (conversationQueryKey(id) starts with it). */
const conversationPrefix = ['conversation'] as const;

/**
 * Keeps one live-update stream open while a user is signed in (this tab), and
 * turns its changes into query invalidations. Signing out closes it.
 */
export function useRealtime(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let connectedBefore = false;
    const client = new RealtimeClient({
      getToken: () => sessions.getAccessToken(),
      refreshToken: async (failedToken) =>
        (await sessions.refresh({ failedToken }))?.access_token ?? null,
      onChange: (change) => invalidateForChange(queryClient, change),
      // After a gap, changes may have been missed: refresh what live updates feed.
      // The gap may be a server that stopped (a rolling restart tells streams to
      // reconnect): an open chat reloads too, so a reply whose stream was cut
      // shows as stored.
      onReady: () => {
        if (connectedBefore) {
          void queryClient.invalidateQueries({ queryKey: ['me'] });
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          void queryClient.invalidateQueries({ queryKey: conversationPrefix });
          void queryClient.invalidateQueries({ queryKey: feedbackQueryKey });
        }
        connectedBefore = true;
      },
    });
    client.start();
    // A stream the server superseded (too many tabs) comes back when this
    // tab is looked at again; only then, so tabs never push each other out
    // in a loop.
    const resume = () => {
      if (document.visibilityState === 'visible') client.resume();
    };
    document.addEventListener('visibilitychange', resume);
    window.addEventListener('focus', resume);
    return () => {
      document.removeEventListener('visibilitychange', resume);
      window.removeEventListener('focus', resume);
      client.stop();
    };
  }, [userId, queryClient]);
}
