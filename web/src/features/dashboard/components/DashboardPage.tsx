import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { meQueryKey } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { lazyPart, withMessages } from '../../../lib/chunks';
import { useT } from '../../../lib/i18n';
import { markPlanChangeReturned } from '../../../lib/plan-change';
import { openProfileDialog } from '../../../lib/profile-dialog';
import { updateStreak } from '../api/streak';
import { AssignmentsPanel } from './AssignmentsPanel';
import { ChallengesPanel } from './ChallengesPanel';
import { InvitePanel } from './InvitePanel';
import { StatsPanel } from './StatsPanel';
import './dashboard.css';

// 'Team gründen' or one's team (issue 27): the team feature's, with its texts.
const loadTeamCard = withMessages(() => import('../../team'), ['team']);
const TeamCard = lazyPart(loadTeamCard, 'TeamCard');

/** /dashboard: invitations, the nine challenges, cooperations and the user's stats. */
export function DashboardPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  useDocumentTitle(t('page.dashboard'));
  usePayPalReturn();

  // The daily streak is updated on every dashboard load; a failure is only logged.
  const streakSent = useRef(false);
  useEffect(() => {
    if (streakSent.current || !userId) return;
    streakSent.current = true;
    updateStreak()
      .then(() => queryClient.invalidateQueries({ queryKey: meQueryKey(userId) }))
      .catch((err: unknown) => console.warn('streak update failed', err));
  }, [queryClient, userId]);

  return (
    <div className="page dashboard">
      <header className="dashboard__header">
        <h1 className="page__title">{t('page.dashboard')}</h1>
        <p className="page__lead">{t('dashboard.lead')}</p>
      </header>
      <AssignmentsPanel userId={userId} />
      <div className="dashboard__grid">
        <InvitePanel />
        <ChallengesPanel userId={userId} />
        <section className="panel dashboard__coop" aria-labelledby="dashboard-coop">
          <h2 id="dashboard-coop" className="panel__title">
            {t('dashboard.coop.title')}
          </h2>
          <p className="panel__text">{t('dashboard.coop.text')}</p>
          <p>
            <a href="/impressum">
              {t('dashboard.coop.contact')}
            </a>
          </p>
        </section>
        <StatsPanel userId={userId} />
        <Suspense fallback={null}>
          <TeamCard />
        </Suspense>
      </div>
    </div>
  );
}

/**
 * PayPal sends the buyer back to /app/dashboard?paypal=revised after they
 * approved a plan change: the profile opens on the subscription, which says
 * that the new plan shows once PayPal reports it. PayPal's parameters leave
 * the address bar, so a reload does not repeat this.
 */
function usePayPalReturn() {
  const [path, navigate] = useLocation();
  const revised = new URLSearchParams(useSearch()).get('paypal') === 'revised';
  useEffect(() => {
    if (!revised) return;
    markPlanChangeReturned();
    openProfileDialog();
    navigate(path + window.location.hash, { replace: true });
  }, [revised, navigate, path]);
}
