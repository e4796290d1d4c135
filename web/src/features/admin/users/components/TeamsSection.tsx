import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../../components/ui/RelativeTime';
import { Alert } from '../../../../components/ui/Alert';
import { errorMessage, useT } from '../../../../lib/i18n';
import { subscriptionStatusLabel } from '../../../../lib/subscription-status';
import { ADMIN_PAGE_SIZE, ADMIN_STATUS_KEYS, AdminSection, Pagination, SearchBox, TableFrame, usePagedSearch } from '../../shared';
import { teamsQueryOptions } from '../api/users';

export const TEAM_ROLE_KEYS = {
  owner: 'adminCore.teamRole.owner',
  manager: 'adminCore.teamRole.manager',
  member: 'adminCore.teamRole.member',
} as const;

/** The teams (issue 27 point 7): name, owner, members, seats of the team plan and its status. */
export function TeamsSection() {
  const t = useT();
  const search = usePagedSearch();
  const teams = useQuery(teamsQueryOptions({ q: search.query, limit: ADMIN_PAGE_SIZE, offset: search.offset }));
  return (
    <AdminSection title={t('adminCore.teams.list')}>
      <SearchBox
        id="admin-team-search"
        label={t('adminCore.teams.search')}
        placeholder={t('adminCore.teams.searchHint')}
        value={search.input}
        onChange={search.setInput}
      />
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
    </AdminSection>
  );
}
