import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * A team invitation opened while signed out (/team/join?token=…): the token
 * waits in localStorage while the visitor signs in, or signs up and confirms
 * the address (the confirmation link may open in another tab), and the
 * sign-in flow (useSignInFlow) then goes to the join page. localStorage, not the
 * URL: the sign-in page and the confirmation link do not carry it along.
 */
const KEY = 'salescoach.team-join';

/** The longest token the server takes (joinTeamRequest.Valid). */
const MAX_TOKEN = 200;

export function savePendingJoin(token: string): void {
  if (!token || token.length > MAX_TOKEN) return;
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // storage off: the visitor opens the mail's link again after signing in
  }
}

export function pendingJoin(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearPendingJoin(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** The join page's path inside the app for a token. */
export const joinPath = (token: string) => `/team/join?token=${encodeURIComponent(token)}`;

/** The team an invitation or join link leads into (GET /api/team/invitation), for the sign-in page it opens. */
export function invitationTeamQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['team-invitation', token] as const,
    queryFn: ({ signal }) =>
      api.get<{ teamName: string }>(`/api/team/invitation?token=${encodeURIComponent(token)}`, { signal }),
    // An invalid token keeps the general notice; the join itself says why.
    retry: false,
    staleTime: Infinity,
  });
}
