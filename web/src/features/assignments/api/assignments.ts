import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas } from '../../../lib/api';

// /api/team/assignments (issue 27; docs/api/openapi.yaml) and what the form
// offers: the team's members and the scenarios every member sees.

export type Assignment = ApiSchemas['Assignment'];
export type AssignmentMember = ApiSchemas['AssignmentMember'];
export type TeamMember = ApiSchemas['TeamMember'];
export type ScenarioItem = ApiSchemas['ScenarioItem'];

/** What POST /api/team/assignments takes. */
export interface AssignmentInput {
  title: string;
  mode: 'Übung' | 'Prüfung';
  difficulty: 1 | 2 | 3;
  family?: ApiSchemas['ObjectionFamilyKey'];
  scenarioId?: string;
  productDescription?: string;
  dueAt: string;
  userIds?: string[];
}

export const teamAssignmentsKey = ['team', 'assignments'] as const;

/** The team's assignments, newest first, each with every assignee's completion (managers and owners). */
export function teamAssignmentsQueryOptions() {
  return queryOptions({
    queryKey: teamAssignmentsKey,
    queryFn: ({ signal }) =>
      api.get<ApiSchemas['AssignmentList']>('/api/team/assignments', { signal }).then((r) => r.assignments),
    staleTime: 0,
  });
}

/** POST /api/team/assignments: 201 with the assignment and its assignees. */
export function createAssignment(body: AssignmentInput): Promise<Assignment> {
  return api.post<Assignment>('/api/team/assignments', body);
}

/** The first page of the team's members (by name), to pick assignees from. */
export function teamMembersQueryOptions() {
  return queryOptions({
    queryKey: ['team', 'members', 'assignees'] as const,
    queryFn: ({ signal }) =>
      api.get<{ members: TeamMember[] }>('/api/team/members?sort=name', { signal }).then((r) => r.members),
  });
}

/** Public scenarios (the library's first page): the ones every member may play. */
export function publicScenariosQueryOptions() {
  return queryOptions({
    queryKey: ['scenarios', 'list', 'scope=public'] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: ScenarioItem[] }>('/api/scenarios?scope=public', { signal }).then((r) => r.items),
  });
}
