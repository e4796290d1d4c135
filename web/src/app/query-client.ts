import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Client errors (4xx) are answers, not hiccups: only network trouble and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // The admin API refuses an admin who must set up two-factor sign-in
    // first (it was turned off elsewhere): the role check then sends them
    // to the set-up (app/SignedIn.tsx).
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'totp_setup_required') {
          void client.invalidateQueries({ queryKey: ['is-admin'] });
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}
