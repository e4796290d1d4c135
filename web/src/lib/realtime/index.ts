export { RealtimeClient, RECONNECT_DELAYS_MS, CONNECT_TIMEOUT_MS, IDLE_TIMEOUT_MS, type RealtimeOptions } from './client';
export { feedbackQueryKey, invalidateForChange, preflightQueryKey, subscriptionQueryKey, usageQueryKey } from './invalidate';
export { useRealtime } from './react';
