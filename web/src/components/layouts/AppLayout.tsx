import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from '../../lib/router';
import { useT } from '../../lib/i18n';
import { usePhone } from '../../lib/pointer';
import { Icon } from '../ui/icons/Icon';
import { LogoMark } from '../ui/icons/LogoMark';
import { FullPageSpinner } from '../ui/Spinner';
import { Sidebar } from './Sidebar';
import './layouts.css';

/**
 * The signed-in user's frame: sidebar, an optional banner, the route's
 * content, and overlays the app layer adds (profile popup, tutorial). On a
 * phone (PHONE_QUERY) a top bar takes the rail's place and its menu button
 * opens the sidebar as a drawer over the content: a choice in it (a page, a
 * chat) closes it and moves the focus to the content; Escape, the close
 * button and a tap beside it close it and give the menu button the focus.
 */
export function AppLayout({ banner, overlays, children }: { banner?: ReactNode; overlays?: ReactNode; children: ReactNode }) {
  const t = useT();
  const phone = usePhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const open = phone && menuOpen;
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  // Where the focus goes once the drawer has closed.
  const focusAfter = useRef<'menu' | 'main' | null>(null);
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  }, [open]);

  const close = useCallback((focus: 'menu' | 'main') => {
    focusAfter.current = focus;
    setMenuOpen(false);
  }, []);

  // Every navigation (a page, a chat of the history, a new chat) is a choice made.
  const [path] = useLocation();
  const historyState = useHistoryState<unknown>();
  useEffect(() => {
    if (openNow.current) close('main');
  }, [path, historyState, close]);

  useEffect(() => {
    if (open) {
      document.querySelector<HTMLElement>('#sidebar .sidebar__toggle')?.focus();
      const onKey = (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        // a menu or a dialog in the drawer closes first
        if (event.target instanceof Element && event.target.closest('[role="menu"], dialog')) return;
        event.preventDefault();
        close('menu');
      };
      document.addEventListener('keydown', onKey);
      return () => document.removeEventListener('keydown', onKey);
    }
    const to = focusAfter.current;
    focusAfter.current = null;
    if (to === 'menu') menuButton.current?.focus();
    else if (to === 'main') main.current?.focus();
    return undefined;
  }, [open, close]);

  return (
    <div className={phone ? 'app-shell app-shell--phone' : 'app-shell'}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Sidebar drawer={phone ? { open, onClose: () => close('menu'), onChosen: () => close('main') } : null} />
      {open ? (
        // A tap beside the drawer closes it (Escape does from the keyboard); not a control of its own.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- see above
        <div className="app-shell__backdrop" onClick={() => close('menu')} />
      ) : null}
      <div className="app-shell__content" inert={open}>
        {phone ? (
          <div className="topbar">
            <button
              ref={menuButton}
              type="button"
              className="topbar__menu"
              aria-expanded={open}
              aria-controls="sidebar"
              onClick={() => setMenuOpen(true)}
            >
              <Icon>
                <path d="M4 6h16M4 12h16M4 18h16" />
              </Icon>
              <span className="visually-hidden">{t('nav.menu')}</span>
            </button>
            <span className="topbar__brand">
              <LogoMark size={24} />
              {t('app.name')}
            </span>
          </div>
        ) : null}
        {banner}
        <main id="main" ref={main} className="app-shell__main" tabIndex={-1}>
          <Suspense fallback={<FullPageSpinner />}>
            {children}
          </Suspense>
        </main>
      </div>
      {overlays}
    </div>
  );
}
