import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { conversationsQueryKey } from '../api/queries/conversations';
import { sessions } from '../auth/instance';
import { loadChunk } from '../chunks';
import type { RealtimeClient } from './client';
import { feedbackQueryKey, invalidateForChange } from './invalidate';

/** Every open conversation's query (conversationQueryKey(id) starts with it). */
const conversationPrefix = ['conversation'] as const;

/** Starts a stream whose changes invalidate queries; returns the function that ends it. */
function connect(Client: typeof RealtimeClient, queryClient: QueryClient): () => void {
  let connectedBefore = false;
  const client = new Client({
    getToken: () => sessions.getAccessToken(),
    refreshToken: async (failedToken) => (await sessions.refresh({ failedToken }))?.access_token ?? null,
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
}

/**
 * Keeps one live-update stream open while a user is signed in (this tab), and
 * turns its changes into query invalidations. Signing out closes it. The
 * stream's client is a chunk of its own, loaded once a user is signed in (no
 * page draws it, so the first page does not wait for it); a chunk that fails
 * twice reaches the error boundary's reload offer.
 */
export function useRealtime(userId: string | null): void {
  const queryClient = useQueryClient();
  const [chunkError, setChunkError] = useState<Error | null>(null);
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    loadChunk(() => import('./client')).then(
      ({ RealtimeClient }) => {
        if (!cancelled) stop = connect(RealtimeClient, queryClient);
      },
      (error: unknown) => {
        if (!cancelled) setChunkError(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);
  if (chunkError) throw chunkError;
}
