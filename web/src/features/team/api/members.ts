import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../lib/api';
import type { Range } from '../../progress/shared';
import { teamKey } from './team';

// The members table and a member's page (owners and managers):
// GET/PATCH/DELETE /api/team/members[/{userId}].

export type { Range } from '../../progress/shared';

export type TeamMember = ApiSchemas['TeamMember'];
export type MemberSort = 'name' | 'email' | 'role' | 'joinedAt' | 'lastActivity' | 'chats' | 'answers';

export interface MembersQuery {
  q: string;
  /** A column of MemberSort, '-' in front for descending order. */
  sort: string;
  page: number;
  range: Range;
}

export interface MembersPage {
  members: TeamMember[];
  total: number;
  page: number;
  pageSize: number;
  range: Range;
}

/** A chat on a member's page whose transcript the caller reads at /team/chats/:id. */
export type MemberTranscript = ApiSchemas['MemberTranscript'];

export interface MemberDetail {
  member: TeamMember;
  progress: ApiSchemas['ProgressReport'];
  /** The member's chats shared with the team and exams of its assignments, newest first. */
  transcripts: MemberTranscript[];
}

/** One page of the members table; the page shown stays while the next loads. */
export function membersQueryOptions(query: MembersQuery) {
  const params = new URLSearchParams({ range: String(query.range), page: String(query.page) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.sort) params.set('sort', query.sort);
  return queryOptions({
    queryKey: [...teamKey, 'members', query] as const,
    queryFn: ({ signal }) => api.get<MembersPage>(`/api/team/members?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A member's row and progress report over range. */
export function memberQueryOptions(userId: string, range: Range) {
  return queryOptions({
    queryKey: [...teamKey, 'member', userId, range] as const,
    queryFn: ({ signal }) =>
      api.get<MemberDetail>(`/api/team/members/${encodeURIComponent(userId)}?range=${range}`, { signal }),
    staleTime: 0,
  });
}

/** Gives a member a role (owner only); 'owner' hands the team over. */
export const setMemberRole = (userId: string, role: TeamMember['role']) =>
  api.patch<undefined>(`/api/team/members/${encodeURIComponent(userId)}`, { role });
export const removeMember = (userId: string) => api.delete<undefined>(`/api/team/members/${encodeURIComponent(userId)}`);
