import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, type TrackSource } from '../../../../lib/api';
import { sessions } from '../../../../lib/auth';
import type { MessageKey, TFunction } from '../../../../lib/i18n';
import { adminQueryKey, withQuery } from '../../shared';

/** The ranges of the analytics screen: the last N UTC days including today. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_RANGE: AnalyticsRange = 7;

/** Every traffic source the server counts, in the order the screen lists them. */
export const TRAFFIC_SOURCES: readonly TrackSource[] = [
  'google',
  'ai-tool',
  'instagram',
  'youtube',
  'tiktok',
  'linkedin',
  'direct',
  'other',
];

/** The platforms with their own page-visit block. */
export const PLATFORMS = ['instagram', 'youtube', 'tiktok', 'linkedin'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** GET /api/admin/analytics?metric=visitors */
export interface VisitorsResponse {
  visitors: number;
}

/** GET /api/admin/analytics?metric=visitorsBySource (the server sends all eight keys). */
export interface VisitorsBySourceResponse {
  visitorsBySource: Partial<Record<TrackSource, number>>;
}

export const VISITOR_PAGES = ['landing', 'login', 'app'] as const;
export type VisitorPage = (typeof VISITOR_PAGES)[number];

/** GET /api/admin/analytics?metric=visitorsByPage (app = chat + other app screens). */
export interface VisitorsByPageResponse {
  visitorsByPage: Partial<Record<VisitorPage, number>>;
}

export const VISIT_CARDS = ['landing', 'impressum', 'registrierung', 'chatbot'] as const;
export type VisitCard = (typeof VISIT_CARDS)[number];

/** One element of GET /api/admin/page-visits (registrierung = the login page, chatbot = the chat). */
export type PageVisitCounts = Record<VisitCard, number>;

interface MetricResponses {
  visitors: VisitorsResponse;
  visitorsBySource: VisitorsBySourceResponse;
  visitorsByPage: VisitorsByPageResponse;
}
export type Metric = keyof MetricResponses;

/** The session is gone: analytics calls need the bearer token (spec 02 §5, §6). */
export class NoSessionError extends Error {
  constructor() {
    super('no session');
    this.name = 'NoSessionError';
  }
}

function requireSession(): void {
  if (!sessions.getAccessToken()) throw new NoSessionError();
}

/** GET /api/admin/analytics?metric=…&range=N */
export function analyticsQueryOptions<M extends Metric>(metric: M, range: AnalyticsRange) {
  return queryOptions({
    queryKey: adminQueryKey('analytics', metric, range),
    queryFn: ({ signal }) => {
      requireSession();
      return api.get<MetricResponses[M]>(withQuery('/api/admin/analytics', { metric, range }), { signal });
    },
    staleTime: 60_000,
  });
}

/** GET /api/admin/page-visits?src=&days=N; no platform = all traffic. */
export function pageVisitsQueryOptions(platform: Platform | null, days: AnalyticsRange) {
  return queryOptions({
    queryKey: adminQueryKey('page-visits', platform ?? 'all', days),
    queryFn: async ({ signal }) => {
      requireSession();
      const rows = await api.get<PageVisitCounts[]>(
        withQuery('/api/admin/page-visits', { src: platform ?? undefined, days }),
        { signal },
      );
      const first = rows[0];
      if (!first) throw new TypeError('page-visits: empty answer');
      return first;
    },
    staleTime: 60_000,
  });
}

/** The web vitals the admin table shows, in its column order. */
export const VITALS = ['LCP', 'INP', 'CLS'] as const;
export type Vital = (typeof VITALS)[number];
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** One vital of one page: its 75th percentile (LCP, INP in ms; CLS as score), samples and web.dev's rating. */
export interface VitalSummary {
  p75: number;
  samples: number;
  rating: VitalRating;
}

/** GET /api/admin/web-vitals?range=N */
export interface WebVitalsResponse {
  from: string;
  to: string;
  /** web.dev's limits: good up to `good`, poor above `poor`. */
  thresholds: Record<Vital, { good: number; poor: number }>;
  /** Route patterns (or 'other'), most samples first; a vital without samples is missing. */
  pages: { page: string; metrics: Partial<Record<Vital, VitalSummary>> }[];
}

/** GET /api/admin/web-vitals?range=N: the 75th percentiles of the period per page. */
export function webVitalsQueryOptions(range: AnalyticsRange) {
  return queryOptions({
    queryKey: adminQueryKey('web-vitals', range),
    queryFn: ({ signal }) => {
      requireSession();
      return api.get<WebVitalsResponse>(withQuery('/api/admin/web-vitals', { range }), { signal });
    },
    staleTime: 60_000,
  });
}

/**
 * The analytics error texts (spec 02 §8): no token → 'Keine gültige Sitzung';
 * a non-OK answer → the server's text, else 'Fehler beim Laden'; anything
 * else (no answer, a malformed one) → 'Unerwarteter Fehler'.
 */
export function analyticsErrorText(error: unknown, t: TFunction): string {
  if (error instanceof NoSessionError) return t('adminAnalytics.noSession');
  if (error instanceof ApiError && !error.isNetworkError) return error.message || t('adminAnalytics.loadFailed');
  return t('adminAnalytics.unexpected');
}

export const RANGE_LABELS: Record<AnalyticsRange, MessageKey> = {
  7: 'adminInsights.last7',
  30: 'adminInsights.last30',
  90: 'adminInsights.last90',
};
