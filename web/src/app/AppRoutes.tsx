import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { HelpRoute, FeedbackRoute, LoginRoute, SignedIn, preloadScreen } from './screens';
import { PublicLayout } from '../components/layouts/PublicLayout';
import { FullPageSpinner } from '../components/ui/Spinner';
import { useAuth } from '../lib/auth';

/** Signed out: /help and /feedback are open; everything else needs a session. */
function SignedOutRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="help" element={<HelpRoute />} />
        <Route path="feedback" element={<FeedbackRoute />} />
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}

function AppGate() {
  const { status, session } = useAuth();
  const { pathname } = useLocation();
  const signedIn = Boolean(session);
  useEffect(() => {
    if (signedIn) preloadScreen(pathname);
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
    <Routes>
      <Route path="login" element={<LoginRoute />} />
      <Route path="*" element={<AppGate />} />
    </Routes>
  );
}
