import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import {
  AdminAnalyticsRoute,
  AdminChallengesRoute,
  AdminChatHistoryRoute,
  AdminComplianceRoute,
  AdminFeedbackRoute,
  AdminOverviewRoute,
  AdminSettingsRoute,
  AdminTokenManagementRoute,
  AdminUsersRoute,
} from './screens';
import { AdminLayout } from '../components/layouts/AdminLayout';
import { Alert } from '../components/ui/Alert';
import { FullPageSpinner } from '../components/ui/Spinner';
import { isAdminQueryKey, isAdminQueryOptions } from '../lib/api';
import { setAppArea } from '../lib/app-area';
import { useSignOut } from '../lib/auth';
import { lazyChunk } from '../lib/chunks';
import { useT } from '../lib/i18n';

// The admin's frame, a chunk of its own: a regular user's first page does not
// download the back-office's layout, role check or two-factor set-up.

/** The admin route set; any other path (including /dashboard) goes to /admin-dashboard. */
function AdminRoutes({ userId }: { userId: string }) {
  return (
    <AdminLayout>
      <Switch>
        <Route path="/admin-dashboard">
          <AdminOverviewRoute />
        </Route>
        <Route path="/chat-history">
          <AdminChatHistoryRoute />
        </Route>
        <Route path="/users">
          <AdminUsersRoute />
        </Route>
        <Route path="/challenges">
          <AdminChallengesRoute />
        </Route>
        <Route path="/token-management">
          <AdminTokenManagementRoute />
        </Route>
        <Route path="/analytics">
          <AdminAnalyticsRoute />
        </Route>
        <Route path="/compliance">
          <AdminComplianceRoute />
        </Route>
        <Route path="/admin-feedback">
          <AdminFeedbackRoute />
        </Route>
        <Route path="/settings">
          <AdminSettingsRoute />
        </Route>
        <Route path="/account">
          <AdminAccount userId={userId} />
        </Route>
        <Route path="/chat">
          <EnterTrainingApp />
        </Route>
        <Route>
          <Redirect to="/admin-dashboard" replace />
        </Route>
      </Switch>
    </AdminLayout>
  );
}

/**
 * /chat is open to every signed-in user (spec 01 §2), admins included: an
 * admin who opens it goes into the training app.
 */
function EnterTrainingApp() {
  useEffect(() => setAppArea('training'), []);
  return <FullPageSpinner />;
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
 * 'Mein Konto': the admin's own two-factor sign-in (turn it off, new
 * recovery codes, set it up again). Turning it off while the installation
 * requires it re-checks the role, which then asks for the set-up.
 */
function AdminAccount({ userId }: { userId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const recheck = () => void queryClient.invalidateQueries({ queryKey: isAdminQueryKey(userId) });
  return (
    <div className="stack admin-two-factor">
      <h1>{t('admin.account')}</h1>
      <Suspense fallback={<FullPageSpinner />}>
        <TwoFactorSection onCodesSaved={recheck} onDisabled={recheck} />
      </Suspense>
    </div>
  );
}

/**
 * An admin's frame: the role check says whether the installation wants
 * two-factor sign-in set up first (only admins pay for this request; a failed
 * check opens the back-office, whose API refuses what it must).
 */
export default function AdminGate({ userId }: { userId: string }) {
  const role = useQuery(isAdminQueryOptions(userId));
  if (role.isPending) return <FullPageSpinner />;
  if (role.isError) console.warn('role check failed', role.error);
  if (role.data?.isAdmin && role.data.totpSetupRequired) return <AdminTwoFactorSetup userId={userId} />;
  return <AdminRoutes userId={userId} />;
}

