import type { MessageKey, TFunction } from './i18n';

/** The statuses of a PayPal subscription, lower-cased. */
export const SUBSCRIPTION_STATUSES = ['active', 'approval_pending', 'approved', 'suspended', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The texts of the statuses in a screen's catalogue part (the profile's and
 * the back-office's each have them, so neither loads the other).
 */
export type SubscriptionStatusKeys = Record<SubscriptionStatus, MessageKey>;

/** The profile's texts of the statuses. */
export const PROFILE_STATUS_KEYS: SubscriptionStatusKeys = {
  active: 'profile.subscriptionStatus.active',
  approval_pending: 'profile.subscriptionStatus.approval_pending',
  approved: 'profile.subscriptionStatus.approved',
  suspended: 'profile.subscriptionStatus.suspended',
  cancelled: 'profile.subscriptionStatus.cancelled',
  expired: 'profile.subscriptionStatus.expired',
};

/**
 * A PayPal subscription status (any case) in the user's language: 'aktiv',
 * 'gekündigt', …; one PayPal may add later reads as it comes.
 */
export function subscriptionStatusLabel(t: TFunction, keys: SubscriptionStatusKeys, status: string): string {
  const lower = status.toLowerCase();
  const key = (keys as Partial<Record<string, MessageKey>>)[lower];
  return key ? t(key) : lower;
}
