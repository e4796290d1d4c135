import { api, type ReviseSubscriptionRequest, type ReviseSubscriptionResponse } from '../../../lib/api';

/** POST /api/paypal/subscriptions/revise: Plus ↔ Elite; answers PayPal's approval link. */
export const reviseSubscription = (req: ReviseSubscriptionRequest) =>
  api.post<ReviseSubscriptionResponse>('/api/paypal/subscriptions/revise', req);
