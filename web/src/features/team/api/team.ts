import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, type ApiSchemas } from '../../../lib/api';
import { teamQueryKey } from '../../../lib/realtime/invalidate';

// The caller's team (issue 27, docs/api/openapi.yaml): GET /api/team, POST
// /api/teams, POST /api/team/join, POST /api/team/join-link, POST
// /api/team/leave, DELETE /api/team, POST /api/team/invitations.

export type Team = ApiSchemas['Team'];
export type TeamRole = Team['role'];

/** Every team query sits under this key; a live update of kind "team" marks them all stale. */
export const teamKey = teamQueryKey;

/**
 * The caller's team, null without one (GET /api/team answers 404
 * team_not_found then, which is no error here).
 */
export function myTeamQueryOptions() {
  return queryOptions({
    queryKey: [...teamKey, 'mine'] as const,
    queryFn: async ({ signal }): Promise<Team | null> => {
      try {
        return await api.get<Team>('/api/team', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });
}

/** Whether a role sees the team's figures and invites: owners and managers (IsManager in team.go). */
export const isManager = (role: TeamRole | undefined) => role === 'owner' || role === 'manager';

/** 'Team gründen' */
export const createTeam = (name: string) => api.post<Team>('/api/teams', { name });
/** Joins with an invitation's one-time token or the team's join link token. */
export const joinTeam = (token: string) => api.post<Team>('/api/team/join', { token });
/** A new join link (owner only); the old one stops working. */
export const resetJoinLink = () => api.post<{ url: string }>('/api/team/join-link');
export const leaveTeam = () => api.post<undefined>('/api/team/leave');
export const deleteTeam = () => api.delete<undefined>('/api/team');
/**
 * Invites an address by mail (owner: manager or member; manager: member).
 * 400 fields.email: team_invitation_email_invalid (cannot receive mail),
 * team_invitation_self, team_invitation_member; a pending invitation to the
 * same address is replaced.
 */
export const inviteMember = (email: string, role: 'manager' | 'member') =>
  api.post<ApiSchemas['InvitationSent']>('/api/team/invitations', { email, role });
