/** The plan a user is on, by their current subscription. */
export type AdminPlan = 'free' | 'plus' | 'elite';

export type AdminUserStatus = 'active' | 'disabled';

/** A user as the back-office lists them (GET /api/admin/users, overview's newest users). */
export interface AdminUserItem {
  id: string;
  /** "" for a guest. */
  email: string;
  display_name: string;
  is_anonymous: boolean;
  is_admin: boolean;
  email_confirmed: boolean;
  status: AdminUserStatus;
  level: number;
  xp: number;
  plan: AdminPlan;
  /** PayPal's status of the newest subscription, lower-cased; '' without one. */
  subscription_status?: string;
  created_at: string;
  last_active_at: string | null;
}
