import { Suspense, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { FullPageSpinner } from '../ui/Spinner';
import { Sidebar } from './Sidebar';
import './layouts.css';

/**
 * The signed-in user's frame: sidebar, an optional banner, the route's
 * content, and overlays the app layer adds (profile popup, tutorial).
 */
export function AppLayout({ banner, overlays, children }: { banner?: ReactNode; overlays?: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Sidebar />
      <div className="app-shell__content">
        {banner}
        <main id="main" className="app-shell__main" tabIndex={-1}>
          <Suspense fallback={<FullPageSpinner />}>
            {children}
          </Suspense>
        </main>
      </div>
      {overlays}
    </div>
  );
}
