import { queryOptions } from '@tanstack/react-query';
import { api, type TonePreset } from '../../../lib/api';

/** GET /api/tone-presets: the customer's temperaments (besides 'Standard (neutral)'). */
export function tonePresetsQueryOptions() {
  return queryOptions({
    queryKey: ['tone-presets'] as const,
    queryFn: ({ signal }) => api.get<TonePreset[]>('/api/tone-presets', { signal }),
    staleTime: 10 * 60_000,
  });
}
