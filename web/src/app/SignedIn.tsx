import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { UserOverlays } from './UserOverlays';
import {
  ChatRoute,
  DashboardRoute,
  FeedbackRoute,
  HelpRoute,
} from './screens';
import { AppLayout } from '../components/layouts/AppLayout';
import { FullPageSpinner } from '../components/ui/Spinner';
import { GuestBanner } from '../features/auth/components/GuestBanner';
import { TermsModal } from '../features/auth/components/TermsModal';
import { meQueryOptions } from '../lib/api';
import { lazyChunk } from '../lib/chunks';
import { needsTerms, useSignOut } from '../lib/auth';
import { useT } from '../lib/i18n';

/** A regular user's route set (spec 01 §2). */
function RegularRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout banner={<GuestBanner />} overlays={<UserOverlays />} />}>
        <Route index element={<Navigate to="/chat" replace />} />
        <Route path="chat" element={<ChatRoute />} />
        <Route path="call/:conversationId" element={<Navigate to="/chat" replace />} />
        <Route path="dashboard" element={<DashboardRoute />} />
        <Route path="help" element={<HelpRoute />} />
        <Route path="feedback" element={<FeedbackRoute />} />
        <Route path="*" element={<Navigate to="/chat" replace />} />
      </Route>
    </Routes>
  );
}

const AdminGate = lazyChunk(() => import('./AdminFrame'), ['admin']);

/** Signed in: the profile must load and the current terms be accepted before anything else. */
export default function SignedInGate({ userId }: { userId: string }) {
  const t = useT();
  const signOut = useSignOut();
  const me = useQuery(meQueryOptions(userId));

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
        <TermsModal userId={userId} onAccepted={() => undefined} onSignOut={() => void signOut()} />
      </div>
    );
  }
  // The profile carries the role (what GET /api/auth/is-admin answers), so a
  // reload renders after one request, not two in a row; a live update of the
  // user refetches it and swaps the route set.
  if (!me.data.user.is_admin) return <RegularRoutes />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AdminGate userId={userId} />
    </Suspense>
  );
}

