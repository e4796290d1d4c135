import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useAppArea } from '../lib/app-area';
import { Redirect, Route, Switch } from 'wouter';
import { UserOverlays } from './UserOverlays';
import {
  ChatRoute,
  DashboardRoute,
  FeedbackRoute,
  HelpRoute,
  ProgressRoute,
  ScenariosRoute,
  TeamAssignmentsRoute,
  SeatsRoute,
  TeamRoute,
} from './screens';
import { AppLayout } from '../components/layouts/AppLayout';
import { FullPageSpinner } from '../components/ui/Spinner';
import { GuestBanner } from '../features/auth/components/GuestBanner';
import { meQueryOptions } from '../lib/api';
import { lazyChunk, lazyPart } from '../lib/chunks';
import { needsTerms, useSignOut } from '../lib/auth';
import { useT } from '../lib/i18n';

/** A regular user's route set (spec 01 §2). */
function RegularRoutes() {
  return (
    <AppLayout banner={<GuestBanner />} overlays={<UserOverlays />}>
      <Switch>
        <Route path="/chat">
          <ChatRoute />
        </Route>
        <Route path="/dashboard">
          <DashboardRoute />
        </Route>
        <Route path="/progress">
          <ProgressRoute />
        </Route>
        <Route path="/scenarios/*?">
          <ScenariosRoute />
        </Route>
        <Route path="/team/assignments">
          <TeamAssignmentsRoute />
        </Route>
        <Route path="/team/seats">
          <SeatsRoute />
        </Route>
        <Route path="/team/*?">
          <TeamRoute />
        </Route>
        <Route path="/help">
          <HelpRoute />
        </Route>
        <Route path="/feedback">
          <FeedbackRoute />
        </Route>
        {/* '/', an old /call/:id link and any other path */}
        <Route>
          <Redirect to="/chat" replace />
        </Route>
      </Switch>
    </AppLayout>
  );
}

const AdminGate = lazyChunk(() => import('./AdminFrame'), ['admin']);
// Only a user who has not accepted the current terms sees it.
const TermsModal = lazyPart(() => import('../features/auth/components/TermsModal'), 'TermsModal');

/** Signed in: the profile must load and the current terms be accepted before anything else. */
export default function SignedInGate({ userId }: { userId: string }) {
  const t = useT();
  const signOut = useSignOut();
  const me = useQuery(meQueryOptions(userId));
  const area = useAppArea();

  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    return (
      <div className="error-screen" role="alert">
        <h1 className="error-screen__title">{t('login.profileFailed')}</h1>
        <div className="error-screen__actions">
          <button type="button" className="button button--primary" onClick={() => void me.refetch()}>
            {t('common.retry')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void signOut()}>
            {t('common.signOut')}
          </button>
        </div>
      </div>
    );
  }
  if (needsTerms(me.data.user)) {
    return (
      <div className="terms-screen">
        <Suspense fallback={<FullPageSpinner />}>
          <TermsModal userId={userId} onAccepted={() => undefined} onSignOut={() => void signOut()} />
        </Suspense>
      </div>
    );
  }
  // The profile carries the role (what GET /api/auth/is-admin answers), so a
  // reload renders after one request, not two in a row; a live update of the
  // user refetches it and swaps the route set.
  // An admin who went to the training app ('Zur Trainings-App') has a
  // user's route set until 'Zum Admin-Bereich' takes them back.
  if (!me.data.user.is_admin || area === 'training') return <RegularRoutes />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AdminGate userId={userId} />
    </Suspense>
  );
}

