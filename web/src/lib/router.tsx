/**
 * The app's routing is wouter (declarative routes on the History API,
 * base /app); this module adds the two things the app needs beyond it.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

export { useHistoryState } from 'wouter/use-browser-location';

/** navigate(to, { replace, state }) to a path inside the app ('/chat'). */
export function useNavigate() {
  return useLocation()[1];
}

interface NavLinkProps {
  to: string;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
  'data-tour'?: string;
}

/**
 * A link of a navigation list: while its page (or a page below it) is open it
 * is marked as the current page for screen readers and styled as active.
 */
export function NavLink({ to, className, children, ...rest }: NavLinkProps) {
  const [path] = useLocation();
  const isActive = path === to || path.startsWith(`${to}/`);
  return (
    <Link to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...rest}>
      {children}
    </Link>
  );
}
