import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';

/** The app's route patterns below /app (web/src/app/AppRoutes.tsx); the server keeps the same list. */
export const APP_PAGES = [
  '/',
  '/login',
  '/chat',
  '/call/:conversationId',
  '/dashboard',
  '/help',
  '/feedback',
  '/admin-dashboard',
  '/users',
  '/chat-history',
  '/challenges',
  '/token-management',
  '/analytics',
  '/compliance',
  '/admin-feedback',
  '/settings',
] as const;

/** What the server files paths under that are no route of the app. */
export const OTHER_PAGE = 'other';

/**
 * The route pattern of an app path (router-relative, e.g. '/chat'): no ids,
 * no query, no fragment; letter case and a trailing slash do not matter, as
 * for the router. Unknown paths are 'other'. The server normalises the same
 * way (salescoach.AppPage), so what leaves the browser never holds an id.
 */
export function appPage(pathname: string): string {
  let path = (pathname.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  if (path !== '/' && path.endsWith('/')) path = path.slice(0, -1);
  if (/^\/call\/[^/]+$/.test(path)) return '/call/:conversationId';
  return (APP_PAGES as readonly string[]).includes(path) && !path.includes(':') ? path : OTHER_PAGE;
}

/** The vitals the server stores. */
export type VitalName = 'LCP' | 'INP' | 'CLS';

/** One measurement of POST /api/vitals. */
export interface VitalReport {
  name: VitalName;
  value: number;
  page: string;
}

/** The measurement a web-vitals callback hands over (the fields the reporter reads). */
export type VitalMetric = Pick<Metric, 'id' | 'value' | 'entries'> & { name: VitalName };

type Subscribe = (report: (metric: VitalMetric) => void) => void;

export interface ReporterOptions {
  /** The web-vitals subscriptions (tests pass their own). */
  subscribe?: readonly Subscribe[];
  /** Sends one report; the default POSTs it with fetch's keepalive, so it survives the page. */
  send?: (metrics: VitalReport[]) => void;
  /** The path shown at a time of the performance timeline (./index's route history). */
  pathAt: (time: number) => string;
}

/** The server takes at most 10 measurements per report. */
const MAX_PER_REPORT = 10;

const WEB_VITALS: readonly Subscribe[] = [
  (report) => onLCP(report),
  (report) => onINP(report),
  (report) => onCLS(report),
];

/** POST /api/vitals, without credentials (the server does not want to know who). */
export function sendVitals(metrics: VitalReport[]): void {
  void fetch('/api/vitals', {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ metrics }),
  }).catch(() => undefined);
}

/**
 * When the measured moment was: the LCP element's paint, the slowest
 * interaction's start, the first shift of the worst burst of layout shifts.
 * A CLS of 0 has no entries and belongs to the page load (time 0).
 */
function measuredAt(metric: VitalMetric): number {
  const entry = metric.name === 'LCP' ? metric.entries.at(-1) : metric.entries[0];
  return entry?.startTime ?? 0;
}

/**
 * Subscribes to LCP, INP and CLS and sends what they reported when the page
 * is hidden (the user switches away or leaves: web-vitals reports CLS and
 * INP at that moment, before this listener runs) or unloaded (pagehide,
 * for browsers that do not hide a page they leave; Chromium fires it first,
 * so leaving sends the LCP and then CLS and INP in a second request). Each
 * measurement is sent once, under the page it measured; a value web-vitals
 * reports again after the page was shown again is not sent twice. Returns
 * a function that stops listening (tests).
 */
export function startReporter(options: ReporterOptions): () => void {
  const send = options.send ?? sendVitals;
  const pageOf = (time: number) => appPage(options.pathAt(time));
  const queue = new Map<string, VitalReport>();
  const sent = new Set<string>();

  const add = (metric: VitalMetric) => {
    if (sent.has(metric.id) || !Number.isFinite(metric.value) || metric.value < 0) return;
    queue.set(metric.id, { name: metric.name, value: metric.value, page: pageOf(measuredAt(metric)) });
  };
  const flush = () => {
    if (queue.size === 0) return;
    const reports = [...queue.values()].slice(0, MAX_PER_REPORT);
    for (const id of queue.keys()) sent.add(id);
    queue.clear();
    send(reports);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };

  for (const subscribe of options.subscribe ?? WEB_VITALS) subscribe(add);
  // Registered after web-vitals' own (capturing) listeners, so the values
  // they report on hiding are in the queue already.
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flush);
  };
}
