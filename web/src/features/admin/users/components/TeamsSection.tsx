import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RelativeTime } from '../../../../components/ui/RelativeTime';
import { Alert } from '../../../../components/ui/Alert';
import { errorMessage, useT, type MessageKey } from '../../../../lib/i18n';
import { subscriptionStatusLabel } from '../../../../lib/subscription-status';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_STATUS_KEYS,
  AdminSection,
  ConfirmDialog,
  Pagination,
  SearchBox,
  TableFrame,
  adminQueryKey,
  usePagedSearch,
  type AdminTeamItem,
  type AdminTeamSso,
} from '../../shared';
import { disableTeamSso, teamsQueryOptions } from '../api/users';

export const TEAM_ROLE_KEYS = {
  owner: 'adminCore.teamRole.owner',
  manager: 'adminCore.teamRole.manager',
  member: 'adminCore.teamRole.member',
} as const;

const SSO_STATES: Record<AdminTeamSso['state'], { label: MessageKey; badge: string }> = {
  off: { label: 'adminCore.teams.sso.off', badge: '' },
  configured: { label: 'adminCore.teams.sso.configured', badge: 'badge--info' },
  active: { label: 'adminCore.teams.sso.active', badge: 'badge--success' },
  disabled: { label: 'adminCore.teams.sso.disabled', badge: 'badge--warning' },
};

/** A team's company sign-in (issue 29): its state, the claimed domains, and the admin's switch-off while it can sign anyone in. */
function SsoCell({ team, onDisable }: { team: AdminTeamItem; onDisable: () => void }) {
  const t = useT();
  const sso = team.sso;
  const state = SSO_STATES[sso.state];
  return (
    <>
      {state.badge ? <span className={`badge ${state.badge}`}>{t(state.label)}</span> : t(state.label)}
      {sso.domains.length > 0 ? <span className="users__note">{sso.domains.join(', ')}</span> : null}
      {sso.enforced && sso.state !== 'off' ? <span className="users__note">{t('adminCore.teams.sso.enforced')}</span> : null}
      {sso.state === 'active' || sso.state === 'configured' ? (
        <div className="user-actions">
          <button
            type="button"
            className="button button--tiny button--secondary user-actions__danger"
            aria-label={t('adminCore.teams.sso.disableFor', { team: team.name })}
            onClick={onDisable}
          >
            {t('adminCore.teams.sso.disable')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The teams (issue 27 point 7): name, owner, members, seats of the team plan and its status, company sign-in (issue 29). */
export function TeamsSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const search = usePagedSearch();
  const teams = useQuery(teamsQueryOptions({ q: search.query, limit: ADMIN_PAGE_SIZE, offset: search.offset }));
  const [pending, setPending] = useState<AdminTeamItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: (team: AdminTeamItem) => disableTeamSso(team.id),
    onSuccess: async (_answer, team) => {
      setPending(null);
      setDone(t('adminCore.teams.sso.done', { team: team.name }));
      await queryClient.invalidateQueries({ queryKey: adminQueryKey('teams') });
    },
  });
  const ask = (team: AdminTeamItem) => {
    disable.reset();
    setDone(null);
    setPending(team);
  };
  return (
    <AdminSection title={t('adminCore.teams.list')}>
      <SearchBox
        id="admin-team-search"
        label={t('adminCore.teams.search')}
        placeholder={t('adminCore.teams.searchHint')}
        value={search.input}
        onChange={search.setInput}
      />
      {done ? <Alert tone="success">{done}</Alert> : null}
      {teams.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminCore.loading')}
        </p>
      ) : teams.isError ? (
        <Alert tone="error">{errorMessage(teams.error, t)}</Alert>
      ) : teams.data.items.length === 0 ? (
        <p className="admin-muted">{t('adminCore.teams.empty')}</p>
      ) : (
        <TableFrame label={t('adminCore.teams.caption')}>
          <table className="admin-table" aria-busy={teams.isPlaceholderData || undefined}>
            <caption className="visually-hidden">{t('adminCore.teams.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminCore.teams.name')}</th>
                <th scope="col">{t('adminCore.teams.owner')}</th>
                <th scope="col" className="admin-table__num">
                  {t('adminCore.teams.members')}
                </th>
                <th scope="col" className="admin-table__num">
                  {t('adminCore.teams.seats')}
                </th>
                <th scope="col">{t('adminCore.teams.subscription')}</th>
                <th scope="col">{t('adminCore.teams.sso')}</th>
                <th scope="col">{t('adminCore.users.created')}</th>
              </tr>
            </thead>
            <tbody>
              {teams.data.items.map((team) => (
                <tr key={team.id}>
                  <th scope="row">{team.name}</th>
                  <td>{team.owner_email || t('adminCore.none')}</td>
                  <td className="admin-table__num">{team.members}</td>
                  <td className="admin-table__num">
                    {t('adminCore.teams.seatsValue', { assigned: team.seats_assigned, seats: team.seats })}
                  </td>
                  <td>
                    {team.subscription_status
                      ? subscriptionStatusLabel(t, ADMIN_STATUS_KEYS, team.subscription_status)
                      : t('adminCore.none')}
                    {team.cancel_at_period_end ? <span className="users__note">{t('adminCore.teams.cancelPending')}</span> : null}
                  </td>
                  <td>
                    <SsoCell team={team} onDisable={() => ask(team)} />
                  </td>
                  <td className="admin-table__nowrap">
                    <RelativeTime value={team.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {teams.data ? (
        <Pagination
          total={teams.data.total}
          limit={ADMIN_PAGE_SIZE}
          offset={search.offset}
          onChange={search.setOffset}
          disabled={teams.isPlaceholderData}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t('adminCore.teams.sso.disableTitle')}
        text={pending ? t('adminCore.teams.sso.disableText', { team: pending.name }) : ''}
        confirmLabel={t('adminCore.teams.sso.disable')}
        tone="danger"
        busy={disable.isPending}
        error={disable.isError ? errorMessage(disable.error, t) : null}
        onConfirm={() => {
          if (pending) disable.mutate(pending);
        }}
        onCancel={() => setPending(null)}
      />
    </AdminSection>
  );
}
