export { feedbackQueryKey, invalidateForChange, preflightQueryKey, subscriptionQueryKey, usageQueryKey } from './invalidate';
export { useRealtime } from './react';
