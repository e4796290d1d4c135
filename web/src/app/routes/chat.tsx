import type { QueryClient } from '@tanstack/react-query';
import { ChatPage } from '../../features/chat';
import { preflightQueryOptions } from '../../features/chat/api/preflight';
import { challengesQueryOptions } from '../../features/dashboard/api/challenges';

/** /chat: the chat screen (lazy: neither it nor pdf.js is part of the login bundle). */
export default function ChatRoute() {
  return <ChatPage />;
}

/**
 * The screen's own first reads, which app/boot starts beside the profile's:
 * its challenge rings and the engine its footer names. Here, in the screen's
 * chunk, so the sign-in page's script does not carry them.
 */
export function prefetch(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.allSettled([
    queryClient.query(challengesQueryOptions(userId)),
    queryClient.query(preflightQueryOptions()),
  ]);
}
