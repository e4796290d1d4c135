import { Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n';
import { LogoMark } from '../ui/icons/LogoMark';
import { FullPageSpinner } from '../ui/Spinner';
import './layouts.css';

/** The frame of the open pages (/help, /feedback) for signed-out visitors. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="public-shell__header">
        <Link to="/login" className="public-shell__brand">
          <LogoMark />
          <span>{t('app.name')}</span>
        </Link>
        <Link to="/login" className="button button--primary button--small">
          {t('common.signIn')}
        </Link>
      </header>
      <main id="main" className="public-shell__main" tabIndex={-1}>
        <Suspense fallback={<FullPageSpinner />}>
          {children}
        </Suspense>
      </main>
    </div>
  );
}
