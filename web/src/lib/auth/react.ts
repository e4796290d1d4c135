import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { navigation } from '../navigation';
import { sessions } from './instance';
import type { AuthSnapshot } from './session';

/** The current session state; re-renders on sign-in, refresh and sign-out (any tab). */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(sessions.subscribe, sessions.getSnapshot, sessions.getSnapshot);
}

export interface SignOutOptions {
  /** Leave the app for the server's landing page '/' (admin logout). */
  toLanding?: boolean;
}

/**
 * Signs out here and in every tab, forgets cached server data; the route
 * guards then show /login. Admins leave for '/' by full navigation.
 */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (options: SignOutOptions = {}) => {
      await sessions.signOut();
      queryClient.clear();
      if (options.toLanding) navigation.leaveApp('/');
    },
    [queryClient],
  );
}
