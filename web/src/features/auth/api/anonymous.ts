import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Session } from '../../../lib/api';

/** POST /api/auth/anonymous: a guest session ('Ohne Konto ausprobieren'). */
export const signInAnonymously = () => api.post<Session>('/api/auth/anonymous', undefined, { auth: false });

export function useAnonymousSignIn() {
  return useMutation({ mutationFn: signInAnonymously });
}
