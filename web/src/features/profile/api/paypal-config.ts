import { queryOptions } from '@tanstack/react-query';
import { api, type PayPalConfigResponse } from '../../../lib/api';

/** GET /api/paypal/config: client id, plan ids and prices for the PayPal buttons. */
export function paypalConfigQueryOptions() {
  return queryOptions({
    queryKey: ['paypal-config'] as const,
    queryFn: ({ signal }) => api.get<PayPalConfigResponse>('/api/paypal/config', { signal }),
    staleTime: 5 * 60_000,
  });
}
