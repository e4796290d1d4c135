import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas, type ResponseBody } from '../../../lib/api';
import { teamKey } from './team';

// The team's pending invitations (issue 38, docs/api/openapi.yaml): GET
// /api/team/invitations, POST /api/team/invitations/{id}/resend, DELETE
// /api/team/invitations/{id}; for the owner and managers.

/** A pending invitation: not used, not expired. */
export type Invitation = ApiSchemas['Invitation'];
/** What inviting and sending again answer. */
export type InvitationSent = ApiSchemas['InvitationSent'];
export type InvitationList = ResponseBody<'/api/team/invitations', 'get'>;

/** Under the team's key: a live update of kind "team" and every team change refresh it. */
export const invitationsKey = [...teamKey, 'invitations'] as const;

/** GET /api/team/invitations: newest first; 403 team_forbidden for a member. */
export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: invitationsKey,
    queryFn: ({ signal }) => api.get<InvitationList>('/api/team/invitations', { signal }),
    staleTime: 0,
  });
}

const path = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;

/**
 * 'Erneut senden': a new link (the old one stops working) valid 7 days from
 * now, and a new mail. 404 team_invitation_not_found (used or withdrawn
 * meanwhile), 403 team_owner_only (a manager and a manager's invitation), 429.
 */
export const resendInvitation = (id: string) => api.post<InvitationSent>(`${path(id)}/resend`);

/** 'Zurückziehen': the link stops working. 404 and 403 as resending. */
export const withdrawInvitation = (id: string) => api.delete<undefined>(path(id));
