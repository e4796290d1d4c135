import { api, type ConfirmSubscriptionRequest, type SubscriptionResponse } from '../../../lib/api';

/** POST /api/paypal/subscriptions/confirm: accepts the subscription the PayPal button created. */
export const confirmSubscription = (req: ConfirmSubscriptionRequest) =>
  api.post<SubscriptionResponse>('/api/paypal/subscriptions/confirm', req);
