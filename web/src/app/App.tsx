import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { ErrorBoundary } from '../components/errors/ErrorBoundary';
import { NoticeRegion } from '../components/ui/NoticeRegion';
import { FullPageSpinner } from '../components/ui/Spinner';
import { I18nProvider } from '../lib/i18n';
import { AppRoutes } from './AppRoutes';
import { AuthEffects } from './AuthEffects';
import { RouteTracker } from './RouteTracker';
import { WebVitals } from './WebVitals';

/** The whole app: providers, router (basename /app), gates and routes. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ErrorBoundary>
          <Router base="/app">
            <AuthEffects />
            <RouteTracker />
            <WebVitals />
            <Suspense fallback={<FullPageSpinner />}>
              <AppRoutes />
            </Suspense>
            <NoticeRegion />
          </Router>
        </ErrorBoundary>
      </I18nProvider>
    </QueryClientProvider>
  );
}
