import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { api, type TrackRequest } from '../lib/api';
import { useAuth } from '../lib/auth';
import { detectSource, trackedPath } from '../lib/tracking';

/** Waits for redirects to settle so a redirected path is not counted. */
const SETTLE_MS = 250;

/** POST /api/track {path, source} on every route change; failures are ignored. */
export function RouteTracker() {
  const [pathname] = useLocation();
  const { status } = useAuth();
  const [source] = useState(() =>
    detectSource(window.location.search, document.referrer, window.location.origin),
  );
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (status === 'loading') return;
    const path = trackedPath(pathname, status === 'signedIn');
    if (path === last.current) return;
    const timer = setTimeout(() => {
      last.current = path;
      api.post<undefined>('/api/track', { path, source } satisfies TrackRequest).catch(() => undefined);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pathname, status, source]);

  return null;
}
