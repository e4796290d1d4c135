import type { ApiSchemas } from '../../../lib/api';

/** A user as the back-office lists them (GET /api/admin/users, overview's newest users). */
export type AdminUserItem = ApiSchemas['AdminUserItem'];
/**
 * A team's company sign-in in GET /api/admin/teams (issue 29). HAND-WRITTEN:
 * docs/api/openapi.yaml does not describe it yet; once schema.gen.ts has
 * AdminTeamItem.sso, drop this and the intersection below.
 */
export interface AdminTeamSso {
  /** 'disabled': switched off by an admin. */
  state: 'off' | 'configured' | 'active' | 'disabled';
  /** The claimed domains. */
  domains: string[];
  enforced: boolean;
}

export type AdminTeamItem = ApiSchemas['AdminTeamItem'] & { sso?: AdminTeamSso };

/** The plan a user is on, by their current subscription. */
export type AdminPlan = AdminUserItem['plan'];

export type AdminUserStatus = AdminUserItem['status'];
