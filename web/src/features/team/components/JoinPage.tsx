import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { clearPendingJoin } from '../../../lib/team-join';
import { joinTeam, myTeamQueryOptions, teamKey } from '../api/team';
import './team.css';

/**
 * /team/join?token=…: the invitation mail's link and the team's join link.
 * Signed in, it joins at once (once: the token of an invitation is used up).
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
