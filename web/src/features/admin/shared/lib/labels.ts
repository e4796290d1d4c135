import type { MessageKey } from '../../../../lib/i18n';
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
