import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { isAdminQueryOptions, meQueryOptions, type IsAdminResponse } from '../../../lib/api';
import { needsTerms, sessions } from '../../../lib/auth';
import { setAppArea } from '../../../lib/app-area';
import { joinPath, pendingJoin } from '../../../lib/team-join';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { notify } from '../../../components/ui/notices-store';
import { updateStreak } from '../api/streak';

export type FlowState =
  | { step: 'idle' }
  | { step: 'running' }
  | { step: 'terms'; userId: string }
  | { step: 'failed'; error: MessageKey };

/**
 * What happens once a session exists (spec 01 §4): daily-streak update (its
 * failure is only logged), profile read, terms modal when needed, role check,
 * then /admin-dashboard or /dashboard (or the join page of a team invitation
 * opened signed out). A role-check failure counts as a regular
 * user; a returned reason is shown as a notice.
 */
export function useSignInFlow() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t, setUserLanguage } = useI18n();
  const [state, setState] = useState<FlowState>({ step: 'idle' });
  const active = useRef(false);

  const finish = useCallback(
    async (userId: string) => {
      let role: IsAdminResponse;
      try {
        role = await queryClient.query(isAdminQueryOptions(userId));
      } catch (err) {
        console.warn('role check failed', err);
        notify({ tone: 'warning', title: t('login.roleFailed'), text: t('login.roleFailedText') });
        role = { isAdmin: false };
      }
      if (role.reason) notify({ tone: 'info', text: role.reason });
      active.current = false;
      // Signing in lands an admin in the back-office, wherever the tab was.
      setAppArea('admin');
      // A team invitation opened signed out (lib/team-join) is joined now.
      const join = pendingJoin();
      navigate(role.isAdmin ? '/admin-dashboard' : join ? joinPath(join) : '/dashboard', { replace: true });
    },
    [queryClient, navigate, t],
  );

  const fail = useCallback((error: MessageKey) => {
    active.current = false;
    setState({ step: 'failed', error });
  }, []);

  /** Runs the flow for the current session; `streak` after a real sign-in. */
  const run = useCallback(
    async ({ streak }: { streak: boolean }) => {
      active.current = true;
      setState({ step: 'running' });
      const session = sessions.getSession();
      if (!session) {
        fail('login.noToken');
        return;
      }
      if (streak) {
        try {
          await updateStreak();
        } catch (err) {
          console.warn('streak update failed', err);
        }
      }
      const userId = session.user.id;
      let me;
      try {
        me = await queryClient.query({ ...meQueryOptions(userId), staleTime: 0 });
      } catch (err) {
        console.warn('profile read failed', err);
        fail('login.profileFailed');
        return;
      }
      setUserLanguage(me.user.language || null);
      if (needsTerms(me.user)) {
        setState({ step: 'terms', userId });
        return;
      }
      await finish(userId);
    },
    [queryClient, finish, fail, setUserLanguage],
  );

  const termsAccepted = useCallback(() => {
    if (state.step !== 'terms') return;
    setState({ step: 'running' });
    void finish(state.userId);
  }, [state, finish]);

  /** Marks the flow as started before the session appears (so it does not start twice). */
  const begin = useCallback(() => {
    active.current = true;
  }, []);

  const reset = useCallback(() => {
    active.current = false;
    setState({ step: 'idle' });
  }, []);

  const isActive = useCallback(() => active.current, []);

  return { state, run, begin, termsAccepted, reset, isActive };
}
