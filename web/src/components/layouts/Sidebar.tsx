import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { NavLink } from '../../lib/router';
import { meQueryOptions } from '../../lib/api';
import { useAuth, useSignOut } from '../../lib/auth';
import { useT } from '../../lib/i18n';
import { levelView } from '../../lib/progress';
import { openProfileDialog } from '../../lib/profile-dialog';
import { setAppArea } from '../../lib/app-area';
import { Avatar } from '../ui/Avatar';
import { AdminAreaIcon, ChevronIcon, DashboardIcon, FeedbackIcon, HelpIcon, LogoutIcon, ProgressIcon, ScenariosIcon, TeamIcon } from '../ui/icons/app';
import { LogoMark } from '../ui/icons/LogoMark';
import { LevelGauge } from '../ui/LevelGauge';
import { ConversationHistory } from './ConversationHistory';
import { NewChatMenu } from './NewChatMenu';
import { PhoneButton } from './PhoneButton';

export const COLLAPSED_KEY = 'sc.sidebar.collapsed';

/** The remembered choice; without one, narrow screens start collapsed. */
function readCollapsed(): boolean {
  try {
    const stored = window.localStorage.getItem(COLLAPSED_KEY);
    if (stored === '1') return true;
    if (stored === '0') return false;
  } catch {
    // storage disabled
  }
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 48rem)').matches;
}

/** On a phone the sidebar is a drawer the top bar's menu button opens (AppLayout). */
export interface SidebarDrawer {
  open: boolean;
  /** Closes it (the menu button gets the focus back). */
  onClose: () => void;
  /** A choice that does not navigate (a call in the open chat): closes it, the content gets the focus. */
  onChosen: () => void;
}

/**
 * The signed-in user's sidebar (spec 02 'Sidebar'): 3rem collapsed, 18rem
 * expanded; on a phone a drawer, always expanded, whose toggle closes it.
 */
export function Sidebar({ drawer = null }: { drawer?: SidebarDrawer | null }) {
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
  const role = user?.role ?? '';

  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'sidebar__item sidebar__item--active' : 'sidebar__item';

  const classes = drawer
    ? ['sidebar sidebar--drawer', drawer.open ? 'sidebar--open' : '']
    : ['sidebar', collapsed ? 'sidebar--collapsed' : ''];

  return (
    <aside className={classes.filter(Boolean).join(' ')} id="sidebar">
      <div className="sidebar__top">
        <Link to="/chat" state={{ newChat: true }} className="sidebar__brand" aria-label={t('nav.home')}>
          <LogoMark />
          <span className="sidebar__label sidebar__brand-name">{t('app.name')}</span>
        </Link>
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={drawer ? drawer.open : !collapsed}
          aria-controls="sidebar"
          aria-label={drawer ? t('nav.menuClose') : collapsed ? t('nav.expand') : t('nav.collapse')}
          onClick={drawer ? drawer.onClose : toggle}
        >
          <ChevronIcon />
        </button>
      </div>

      <div className="sidebar__level" data-tour="level">
        <LevelGauge level={levelView(me.data?.level)} showText tipAlign="start" />
      </div>

      <div className="sidebar__section">
        <NewChatMenu />
        <PhoneButton onChosen={drawer?.onChosen} />
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
            <NavLink to="/progress" className={navClass}>
              <ProgressIcon />
              <span className="sidebar__label">{t('nav.progress')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/scenarios" className={navClass}>
              <ScenariosIcon />
              <span className="sidebar__label">{t('nav.scenarios')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/team" className={navClass}>
              <TeamIcon />
              <span className="sidebar__label">{t('nav.team')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/help" className={navClass} data-tour="help">
              <HelpIcon />
              <span className="sidebar__label">{t('nav.help')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/feedback" className={navClass} data-tour="feedback">
              <FeedbackIcon />
              <span className="sidebar__label">{t('nav.feedback')}</span>
            </NavLink>
          </li>
          {user?.is_admin ? (
            <li>
              {/* An admin in the training app: back to the back-office. */}
              <Link to="/admin-dashboard" className="sidebar__item" onClick={() => setAppArea('admin')}>
                <AdminAreaIcon />
                <span className="sidebar__label">{t('nav.toAdminArea')}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>

      <ConversationHistory />

      <div className="sidebar__profile">
        <button
          type="button"
          className="sidebar__profile-button"
          aria-haspopup="dialog"
          onClick={openProfileDialog}
        >
          <Avatar name={name} url={user?.avatar_url} />
          {/* The name is the visible label (also when collapsed, for screen
              readers), so what people see is what voice control hears. */}
          <span className="sidebar__label sidebar__profile-text">
            <span className="sidebar__profile-name">{name}</span>
            {role ? <span className="sidebar__profile-role">{role}</span> : null}
          </span>
          <span className="visually-hidden">{t('nav.profileOpen')}</span>
        </button>
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
