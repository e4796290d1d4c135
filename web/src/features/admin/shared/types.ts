import type { ApiSchemas } from '../../../lib/api';

/** A user as the back-office lists them (GET /api/admin/users, overview's newest users). */
export type AdminUserItem = ApiSchemas['AdminUserItem'];
/** A team's company sign-in in GET /api/admin/teams (issue 29); state 'disabled': switched off by an admin. */
export type AdminTeamSso = ApiSchemas['AdminTeamSSO'];

export type AdminTeamItem = ApiSchemas['AdminTeamItem'];

/** The plan a user is on, by their current subscription. */
export type AdminPlan = AdminUserItem['plan'];

export type AdminUserStatus = AdminUserItem['status'];
