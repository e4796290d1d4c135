import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { UserOverlays } from './UserOverlays';
import {
  AdminChallengesRoute,
  AdminChatHistoryRoute,
  AdminComplianceRoute,
  AdminFeedbackRoute,
  AdminOverviewRoute,
  AdminSettingsRoute,
  AdminTokenManagementRoute,
  AdminUsersRoute,
  AdminAnalyticsRoute,
  ChatRoute,
  DashboardRoute,
  FeedbackRoute,
  HelpRoute,
} from './screens';
import { AdminLayout } from '../components/layouts/AdminLayout';
import { AppLayout } from '../components/layouts/AppLayout';
import { FullPageSpinner } from '../components/ui/Spinner';
import { GuestBanner } from '../features/auth/components/GuestBanner';
import { TermsModal } from '../features/auth/components/TermsModal';
import { Alert } from '../components/ui/Alert';
import { isAdminQueryKey, isAdminQueryOptions, meQueryOptions } from '../lib/api';
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

/** The admin route set; any other path (including /dashboard) goes to /admin-dashboard. */
function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="admin-dashboard" element={<AdminOverviewRoute />} />
        <Route path="chat-history" element={<AdminChatHistoryRoute />} />
        <Route path="users" element={<AdminUsersRoute />} />
        <Route path="challenges" element={<AdminChallengesRoute />} />
        <Route path="token-management" element={<AdminTokenManagementRoute />} />
        <Route path="analytics" element={<AdminAnalyticsRoute />} />
        <Route path="compliance" element={<AdminComplianceRoute />} />
        <Route path="admin-feedback" element={<AdminFeedbackRoute />} />
        <Route path="settings" element={<AdminSettingsRoute />} />
        <Route path="*" element={<Navigate to="/admin-dashboard" replace />} />
      </Route>
    </Routes>
  );
}

const TwoFactorSection = lazyChunk(
  () => import('../features/profile').then((m) => ({ default: m.TwoFactorSection })),
  ['profile'],
);

/**
 * An admin while the installation requires two-factor sign-in for admins
 * (ADMIN_TOTP_REQUIRED) and who has not set it up: the back-office stays
 * closed (its API answers 403 totp_setup_required) until they do, here.
 */
function AdminTwoFactorSetup({ userId }: { userId: string }) {
  const t = useT();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  return (
    <main className="terms-screen" id="main">
      <div className="stack admin-two-factor">
        <h1>{t('admin.totpSetup.title')}</h1>
        <Alert tone="warning">{t('admin.totpSetup.text')}</Alert>
        <Suspense fallback={<FullPageSpinner />}>
          <TwoFactorSection
            onCodesSaved={() => void queryClient.invalidateQueries({ queryKey: isAdminQueryKey(userId) })}
          />
        </Suspense>
        <div>
          <button type="button" className="button button--secondary" onClick={() => void signOut()}>
            {t('common.signOut')}
          </button>
        </div>
      </div>
    </main>
  );
}

/**
 * An admin's frame: the role check says whether the installation wants
 * two-factor sign-in set up first (only admins pay for this request; a failed
 * check opens the back-office, whose API refuses what it must).
 */
function AdminGate({ userId }: { userId: string }) {
  const role = useQuery(isAdminQueryOptions(userId));
  if (role.isPending) return <FullPageSpinner />;
  if (role.isError) console.warn('role check failed', role.error);
  if (role.data?.isAdmin && role.data.totpSetupRequired) return <AdminTwoFactorSetup userId={userId} />;
  return <AdminRoutes />;
}

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
  return me.data.user.is_admin ? <AdminGate userId={userId} /> : <RegularRoutes />;
}

