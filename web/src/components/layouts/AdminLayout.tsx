import { Suspense, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { NavLink } from '../../lib/router';
import { useSignOut } from '../../lib/auth';
import { useT, type MessageKey } from '../../lib/i18n';
import { ChartIcon, ChatIcon, CoinsIcon, HomeIcon, InboxIcon, SettingsIcon, ShieldCheckIcon, ShieldIcon, TrophyIcon, UsersIcon } from '../ui/icons/pages';
import { LogoMark } from '../ui/icons/LogoMark';
import { DumbbellIcon, LogoutIcon } from '../ui/icons/app';
import { Link } from 'wouter';
import { setAppArea } from '../../lib/app-area';
import { FullPageSpinner } from '../ui/Spinner';
import './layouts.css';

interface AdminLink {
  to: string;
  label: MessageKey;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The admin sidebar's links (spec 02 'Admin screens'). */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { to: '/admin-dashboard', label: 'admin.overview', icon: HomeIcon },
  { to: '/users', label: 'admin.users', icon: UsersIcon },
  { to: '/chat-history', label: 'admin.chatHistory', icon: ChatIcon },
  { to: '/challenges', label: 'admin.challenges', icon: TrophyIcon },
  { to: '/token-management', label: 'admin.tokens', icon: CoinsIcon },
  { to: '/analytics', label: 'admin.analytics', icon: ChartIcon },
  { to: '/compliance', label: 'admin.compliance', icon: ShieldIcon },
  { to: '/admin-feedback', label: 'admin.feedback', icon: InboxIcon },
  { to: '/settings', label: 'admin.settings', icon: SettingsIcon },
];

/** The back-office frame: admin sidebar, content and the legal footer. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const signOut = useSignOut();
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <aside className="admin-sidebar">
        <p className="admin-sidebar__brand">
          <LogoMark />
          <span>
            <span className="admin-sidebar__name">{t('app.name')}</span>
            <span className="admin-sidebar__area">{t('admin.area')}</span>
          </span>
        </p>
        <nav aria-label={t('admin.nav')}>
          <ul className="admin-sidebar__links">
            {ADMIN_LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    isActive ? 'sidebar__item sidebar__item--active' : 'sidebar__item'
                  }
                >
                  <Icon />
                  <span>{t(label)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar__account">
          {/* An admin trains like any user: chat, dashboard, profile, billing. */}
          <Link to="/chat" className="sidebar__item" onClick={() => setAppArea('training')}>
            <DumbbellIcon />
            <span>{t('admin.toTrainingApp')}</span>
          </Link>
          <NavLink
            to="/account"
            className={({ isActive }) => (isActive ? 'sidebar__item sidebar__item--active' : 'sidebar__item')}
          >
            <ShieldCheckIcon />
            <span>{t('admin.account')}</span>
          </NavLink>
          <button
            type="button"
            className="sidebar__item admin-sidebar__logout"
            onClick={() => void signOut({ toLanding: true })}
          >
            <LogoutIcon />
            <span>{t('common.signOut')}</span>
          </button>
        </div>
      </aside>
      <div className="admin-shell__content">
        <main id="main" className="app-shell__main" tabIndex={-1}>
          <Suspense fallback={<FullPageSpinner />}>
            {children}
          </Suspense>
        </main>
        <footer className="admin-footer">
          <nav aria-label={t('footer.legal')}>
            <ul className="admin-footer__links">
              <li>
                <a href="/legal/privacy">{t('footer.privacy')}</a>
              </li>
              <li>
                <a href="/legal/subprocessors">{t('footer.subprocessors')}</a>
              </li>
            </ul>
          </nav>
        </footer>
      </div>
    </div>
  );
}
