import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/api';
import { sessions } from '../lib/auth';

/**
 * Starts the session before React renders and, once there is one, the
 * profile read the signed-in frame waits for. So a reload's first API
 * request runs while the entry renders and the screen's chunks load, not
 * after them (docs/performance.md, Lighthouse on /app/chat). A stored session
 * starts the read at once; without one, after the refresh through the cookie.
 * Returns when both have settled (tests).
 */
export async function boot(queryClient: QueryClient): Promise<void> {
  const started = sessions.start();
  const prefetchMe = () => {
    const session = sessions.getSession();
    // A failed read is the signed-in frame's to show (it retries); not thrown here.
    if (!session) return Promise.resolve();
    return queryClient.query(meQueryOptions(session.user.id)).then(
      () => undefined,
      () => undefined,
    );
  };
  if (sessions.getSession()) {
    await Promise.all([started, prefetchMe()]);
    return;
  }
  await started;
  await prefetchMe();
}
