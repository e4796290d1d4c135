import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/api';
import { sessions } from '../lib/auth';

/** The chat screen's addresses: /app/chat, and /app, which leads there. */
const CHAT_PATH = /^\/app\/?(chat\/?)?$/;

/**
 * Starts the session before React renders and, once there is one, the reads
 * the first screen waits for: the profile (the signed-in frame's gate) and, on
 * the chat screen, its challenge rings and the engine of its footer. They run
 * side by side while the entry renders and the screen's chunks load, not one
 * after the other, and their answers are in the cache before the screen first
 * paints, so nothing moves when they arrive (docs/performance.md, Lighthouse
 * on /app/chat). A stored session starts them at once; without one, after the
 * refresh through the cookie. Failures are left to the screens, which retry
 * and show them. Returns when everything has settled (tests).
 */
export async function boot(queryClient: QueryClient, path = window.location.pathname): Promise<void> {
  const started = sessions.start();
  const prefetch = async () => {
    const session = sessions.getSession();
    if (!session) return;
    const userId = session.user.id;
    const reads: Promise<unknown>[] = [queryClient.query(meQueryOptions(userId))];
    if (CHAT_PATH.test(path)) {
      reads.push(import('./routes/chat').then((m) => m.prefetch(queryClient, userId)));
    }
    await Promise.allSettled(reads);
  };
  if (sessions.getSession()) {
    await Promise.all([started, prefetch()]);
    return;
  }
  await started;
  await prefetch();
}
