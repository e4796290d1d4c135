import type { MessageKey } from '../../../../lib/i18n';
import type { SubscriptionStatusKeys } from '../../../../lib/subscription-status';
import type { AdminPlan } from '../types';

const PLAN_LABELS: Record<AdminPlan, MessageKey> = {
  free: 'adminCore.plan.free',
  plus: 'adminCore.plan.plus',
  elite: 'adminCore.plan.elite',
};

/** 'Free', 'Plus' or 'Elite'; an unknown plan reads as Free. */
export function adminPlanLabel(plan: string): MessageKey {
  return (PLAN_LABELS as Partial<Record<string, MessageKey>>)[plan] ?? PLAN_LABELS.free;
}

/** The back-office's texts of the statuses. */
export const ADMIN_STATUS_KEYS: SubscriptionStatusKeys = {
  active: 'adminCore.subscriptionStatus.active',
  approval_pending: 'adminCore.subscriptionStatus.approval_pending',
  approved: 'adminCore.subscriptionStatus.approved',
  suspended: 'adminCore.subscriptionStatus.suspended',
  cancelled: 'adminCore.subscriptionStatus.cancelled',
  expired: 'adminCore.subscriptionStatus.expired',
};
