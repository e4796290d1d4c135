import { api, type SubscriptionResponse } from '../../../lib/api';

/** POST /api/paypal/subscriptions/uncancel: withdraws a pending cancellation. */
export const uncancelSubscription = (subscriptionID: string) =>
  api.post<SubscriptionResponse>('/api/paypal/subscriptions/uncancel', { subscriptionID });
