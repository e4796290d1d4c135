import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useT } from '../../lib/i18n';
import { LogoMark } from '../ui/icons';
import { FullPageSpinner } from '../ui/Spinner';
import './layouts.css';

/** The frame of the open pages (/help, /feedback) for signed-out visitors. */
export function PublicLayout() {
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
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
