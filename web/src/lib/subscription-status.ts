import type { MessageKey, TFunction } from './i18n';

const STATUS_LABELS: Partial<Record<string, MessageKey>> = {
  active: 'common.subscriptionStatus.active',
  approval_pending: 'common.subscriptionStatus.approval_pending',
  approved: 'common.subscriptionStatus.approved',
  suspended: 'common.subscriptionStatus.suspended',
  cancelled: 'common.subscriptionStatus.cancelled',
  expired: 'common.subscriptionStatus.expired',
};

/**
 * A PayPal subscription status (any case) in the user's language: 'aktiv',
 * 'gekündigt', …; one PayPal may add later reads as it comes.
 */
export function subscriptionStatusLabel(t: TFunction, status: string): string {
  const key = STATUS_LABELS[status.toLowerCase()];
  return key ? t(key) : status.toLowerCase();
}
