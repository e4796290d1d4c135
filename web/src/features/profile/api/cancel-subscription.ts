import { api, type CancelSubscriptionRequest, type SubscriptionResponse } from '../../../lib/api';

/** POST /api/paypal/subscriptions/cancel: ends the subscription at cancel_at (the end of the paid period). */
export const cancelSubscription = (req: CancelSubscriptionRequest) =>
  api.post<SubscriptionResponse>('/api/paypal/subscriptions/cancel', req);
