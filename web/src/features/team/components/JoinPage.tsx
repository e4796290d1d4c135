import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ApiError } from '../../../lib/api';
import { useAuth, useSignOut } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { clearPendingJoin, savePendingJoin } from '../../../lib/team-join';
import { joinTeam, myTeamQueryOptions, teamKey } from '../api/team';
import './team.css';

/**
 * /team/join?token=…: the invitation mail's link and the team's join link.
 * Signed in, it joins at once (once: the token of an invitation is used up).
 * An invitation for another address (issue 38) names it and offers
 * 'Abmelden': signed out, the page goes on to the sign-in with the token
 * (AppRoutes), and the join continues once the invited address signs in.
 */
export function JoinPage() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const started = useRef(false);
  const join = useMutation({
    mutationFn: () => joinTeam(token),
    onSettled: () => clearPendingJoin(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
  // Already in a team (often this one: an address that signed up through the
  // invitation joined when it was confirmed): say which.
  const already = join.error instanceof ApiError && join.error.code === 'team_already_member';
  const current = useQuery({ ...myTeamQueryOptions(), enabled: already });
  // Meant for another address: which one (the server names it).
  const otherEmail =
    join.error instanceof ApiError && join.error.code === 'team_invitation_other_email' ? (join.error.invitedEmail ?? null) : null;
  const { session } = useAuth();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  const signOutKeepingToken = () => {
    setLeaving(true);
    // The sign-in page keeps it too (?join=); stored first, the join goes on
    // even if the address bar loses it on the way.
    savePendingJoin(token);
    void signOut();
  };
  useDocumentTitle(t('team.join.title'));
  useEffect(() => {
    if (!token) {
      clearPendingJoin();
      return;
    }
    if (started.current) return;
    started.current = true;
    join.mutate();
  }, [token, join]);

  return (
    <div className="page progress team">
      <header className="progress__header">
        <h1 className="page__title">{t('team.join.title')}</h1>
      </header>
      {!token ? (
        <Alert tone="error">{t('team.join.missing')}</Alert>
      ) : join.isSuccess ? (
        <div className="panel team__section" role="status">
          <p>{t('team.join.done', { name: join.data.name })}</p>
          <p>
            <Link to="/team" className="button button--primary">
              {t('team.join.toTeam')}
            </Link>
          </p>
        </div>
      ) : already && current.data ? (
        <div className="panel team__section" role="status">
          <p>{t('team.join.already', { name: current.data.name })}</p>
          <p>
            <Link to="/team" className="button button--primary">
              {t('team.join.toTeam')}
            </Link>
          </p>
        </div>
      ) : otherEmail ? (
        <div className="panel team__section">
          <Alert tone="error">
            <p>{t('team.join.otherEmail', { email: otherEmail })}</p>
          </Alert>
          {session?.user.email ? <p className="progress__muted">{t('team.join.signedInAs', { email: session.user.email })}</p> : null}
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={leaving}
              aria-busy={leaving || undefined}
              onClick={signOutKeepingToken}
            >
              {t('common.signOut')}
            </button>
          </p>
        </div>
      ) : join.isError ? (
        <Alert tone="error">
          <p>{t('team.join.failed', { message: errorMessage(join.error, t) })}</p>
          <p>
            <Link to="/team">{t('team.join.toTeam')}</Link>
          </p>
        </Alert>
      ) : (
        <p role="status">{t('team.join.joining')}</p>
      )}
    </div>
  );
}
