import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { meQueryOptions } from '../../lib/api';
import { useAuth, useSignOut } from '../../lib/auth';
import { useT } from '../../lib/i18n';
import { ChevronIcon, DashboardIcon, FeedbackIcon, HelpIcon, LogoMark, LogoutIcon } from '../ui/icons';
import { NewChatMenu } from './NewChatMenu';
import { PhoneButton } from './PhoneButton';

const COLLAPSED_KEY = 'sc.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The signed-in user's sidebar (spec 02 'Sidebar'): 3rem collapsed, 18rem expanded. */
export function Sidebar() {
  const t = useT();
  const { session } = useAuth();
  const signOut = useSignOut();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const me = useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // ignore
    }
  };

  const user = me.data?.user;
  const isGuest = user?.is_anonymous ?? session?.user.is_anonymous ?? false;
  const name =
    user?.display_name || user?.email || session?.user.email || (isGuest ? t('nav.guest') : '');
  const initial = name.trim().charAt(0).toUpperCase() || '?';

  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'sidebar__item sidebar__item--active' : 'sidebar__item';

  return (
    <aside className={collapsed ? 'sidebar sidebar--collapsed' : 'sidebar'} id="sidebar">
      <div className="sidebar__top">
        <Link to="/chat" state={{ newChat: true }} className="sidebar__brand" aria-label={t('nav.home')}>
          <LogoMark />
          <span className="sidebar__label sidebar__brand-name">{t('app.name')}</span>
        </Link>
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={!collapsed}
          aria-controls="sidebar"
          aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          onClick={toggle}
        >
          <ChevronIcon />
        </button>
      </div>

      <div className="sidebar__section">
        <NewChatMenu />
        <PhoneButton />
      </div>

      <nav className="sidebar__nav" aria-label={t('nav.main')}>
        <ul>
          <li>
            <NavLink to="/dashboard" className={navClass}>
              <DashboardIcon />
              <span className="sidebar__label">{t('nav.dashboard')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/help" className={navClass}>
              <HelpIcon />
              <span className="sidebar__label">{t('nav.help')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/feedback" className={navClass}>
              <FeedbackIcon />
              <span className="sidebar__label">{t('nav.feedback')}</span>
            </NavLink>
          </li>
        </ul>
      </nav>

      <div className="sidebar__profile">
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="sidebar__label sidebar__profile-text">
          <span className="sidebar__profile-name">{name}</span>
          {user?.role ? <span className="sidebar__profile-role">{user.role}</span> : null}
        </span>
        <button
          type="button"
          className="sidebar__icon-button"
          aria-label={t('common.signOut')}
          title={t('common.signOut')}
          onClick={() => void signOut()}
        >
          <LogoutIcon />
        </button>
      </div>
    </aside>
  );
}
