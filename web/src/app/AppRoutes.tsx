import { useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { preloadScreen, SignedIn } from './preload';
import { HelpRoute, FeedbackRoute, LoginRoute } from './screens';
import { PublicLayout } from '../components/layouts/PublicLayout';
import { FullPageSpinner } from '../components/ui/Spinner';
import { useAuth } from '../lib/auth';

/**
 * A team invitation's link opened while signed out: the sign-in page keeps
 * the token (lib/team-join) while the visitor signs in or signs up, and the
 * sign-in flow then goes to the join page.
 */
function RememberTeamJoin() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <Redirect to={`/login?join=${encodeURIComponent(token)}`} replace />;
}

/** Signed out: /help and /feedback are open; everything else needs a session. */
function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/help">
        <PublicLayout>
          <HelpRoute />
        </PublicLayout>
      </Route>
      <Route path="/feedback">
        <PublicLayout>
          <FeedbackRoute />
        </PublicLayout>
      </Route>
      <Route path="/team/join">
        <RememberTeamJoin />
      </Route>
      <Route>
        <Redirect to="/login" replace />
      </Route>
    </Switch>
  );
}

function AppGate() {
  const { status, session } = useAuth();
  const [pathname] = useLocation();
  const signedIn = Boolean(session);
  useEffect(() => {
    if (signedIn) preloadScreen(pathname).catch(() => undefined);
    // only when the session starts: later navigation loads its own screens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
  if (status === 'loading') return <FullPageSpinner />;
  if (!session) return <SignedOutRoutes />;
  return <SignedIn userId={session.user.id} />;
}

/** The top-level routes: /login for everyone, the rest behind the gates. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <LoginRoute />
      </Route>
      <Route>
        <AppGate />
      </Route>
    </Switch>
  );
}
