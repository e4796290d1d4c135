// Test helpers of the admin screens (used by *.test.tsx only).
import { USER_ID } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { AdminUserItem } from './types';
import { adminHandlers } from '../../../testing/handlers';

/** Renders the app signed in as an admin at `path` (the signed-in user is USER_ID). */
export function renderAdmin(path: string) {
  server.use(...adminHandlers());
  return renderApp(path, { session: true });
}

let nextUser = 1;

/** A user row as GET /api/admin/users lists it. */
export function makeAdminUser(overrides: Partial<AdminUserItem> = {}): AdminUserItem {
  const n = nextUser++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `user${n}@example.com`,
    display_name: `User ${n}`,
    is_anonymous: false,
    is_admin: false,
    email_confirmed: true,
    status: 'active',
    level: 1,
    xp: 0,
    plan: 'free',
    subscription_status: '',
    created_at: '2025-06-01T10:00:00Z',
    last_active_at: null,
    team_name: '',
    team_role: '',
    ...overrides,
  };
}

/** The signed-in admin's own id (rows with it get no actions). */
export const ADMIN_ID = USER_ID;
