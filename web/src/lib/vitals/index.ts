/**
 * Web vitals of real visits (LCP, INP, CLS), reported to POST /api/vitals.
 *
 * This module is in the initial bundle and stays tiny: it keeps a history of
 * the app's routes (so that each vital is filed under the page it measured)
 * and, once the page has loaded and the browser is idle, loads the reporter
 * (./reporter, with the web-vitals package) as a chunk of its own. The
 * web-vitals observers read the browser's buffered entries, so loading them
 * late loses no paint or layout shift.
 */

import { afterLoadWhenIdle } from '../idle';

interface RouteRecord {
  /** performance.now() when the route was shown. */
  at: number;
  path: string;
}

const MAX_ROUTES = 200;
const routes: RouteRecord[] = [];

/** Notes that the app now shows `pathname` (router-relative, e.g. '/chat'). */
export function recordRoute(pathname: string, at: number = performance.now()): void {
  if (routes.at(-1)?.path === pathname) return;
  routes.push({ at, path: pathname });
  // A long session keeps the first route (the page load's) and the recent ones.
  if (routes.length > MAX_ROUTES) routes.splice(1, 1);
}

/**
 * The path shown at a time of the performance timeline: the last route
 * shown at or before it; before the first route, the first one. '/' when no
 * route was recorded. It stays in memory; the reporter sends only its route
 * pattern.
 */
export function pathAt(time: number): string {
  let path = routes[0]?.path ?? '/';
  for (const r of routes) {
    if (r.at > time) break;
    path = r.path;
  }
  return path;
}

/** Forgets the recorded routes (tests). */
export function resetRoutes(): void {
  routes.length = 0;
}

/** The User Timing mark set when the reporter listens (the e2e test waits for it). */
export const REPORTER_MARK = 'salescoach:web-vitals';

let started = false;

/**
 * Loads and starts the reporter after the page's load event, when the
 * browser is idle (at most 5 s later). Calling it again does nothing. A
 * reporter that fails to load is given up silently: vitals are never worth
 * an error the visitor sees.
 */
export function startWebVitals(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const load = () => {
    import('./reporter')
      .then(({ startReporter }) => {
        startReporter({ pathAt });
        // On the performance timeline: from here on, this page load's vitals are reported.
        performance.mark(REPORTER_MARK);
      })
      .catch(() => undefined);
  };
  afterLoadWhenIdle(load);
}
