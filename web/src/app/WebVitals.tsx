import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { recordRoute, startWebVitals } from '../lib/vitals';

/**
 * Real visitors' web vitals (lib/vitals): notes each route the app shows,
 * so that a vital is filed under the page it measured, and loads the
 * reporter once the page has loaded.
 */
export function WebVitals() {
  const [pathname] = useLocation();
  useEffect(() => {
    recordRoute(pathname);
  }, [pathname]);
  useEffect(() => {
    startWebVitals();
  }, []);
  return null;
}
