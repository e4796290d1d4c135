import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminQueryKey, withQuery } from '../../shared';

export interface TokenTotals {
  tokensIn: number;
  tokensOut: number;
  /** tokensIn + tokensOut */
  tokens: number;
  /** Model calls recorded. */
  calls: number;
  /** Distinct users with usage. */
  users: number;
  /** Seconds of recordings transcribed (voice training; absent from older servers). */
  sttSeconds?: number;
  /** Characters spoken (voice training; absent from older servers). */
  ttsCharacters?: number;
}

/** The usage of the users of one plan (by their current plan). */
export interface PlanUsage extends TokenTotals {
  /** "free" | "plus" | "elite"; other values from newer servers are shown as sent. */
  plan: string;
}

export interface UserUsage {
  user_id: string;
  /** "" for a guest. */
  email: string;
  display_name: string;
  plan: string;
  tokensIn: number;
  tokensOut: number;
  tokens: number;
  calls: number;
  sttSeconds?: number;
  ttsCharacters?: number;
}

/** GET /api/admin/usage */
export interface UsageReport {
  /** The UTC days of the report, both inclusive ("YYYY-MM-DD"). */
  from: string;
  to: string;
  totals: TokenTotals;
  byPlan: PlanUsage[];
  /** One page of the users with usage, most tokens first. */
  users: UserUsage[];
  /** All users with usage in the period. */
  total: number;
}

export interface UsageQuery {
  from: string;
  to: string;
  limit: number;
  offset: number;
}

/** GET /api/admin/usage?from&to&limit&offset; a new page keeps the old one on screen while it loads. */
export function usageQueryOptions(q: UsageQuery) {
  return queryOptions({
    queryKey: adminQueryKey('usage', q),
    queryFn: ({ signal }) => api.get<UsageReport>(withQuery('/api/admin/usage', { ...q }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
