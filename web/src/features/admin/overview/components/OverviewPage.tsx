import { RelativeTime } from '../../../../components/ui/RelativeTime';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../../components/ui/Alert';
import { ChatIcon, InboxIcon, UsersIcon, ZapIcon } from '../../../../components/ui/icons/pages';
import { errorMessage, useT } from '../../../../lib/i18n';
import { AdminPage, AdminSection, StatCard, StatGrid, useAdminFormat } from '../../shared';
import { overviewQueryOptions } from '../api/overview';
import { NewUsersChart } from './NewUsersChart';
import './overview.css';

/** /admin-dashboard 'Übersicht': key figures, new users per day (30 days), the five newest users. */
export function OverviewPage() {
  const t = useT();
  const format = useAdminFormat();
  const overview = useQuery(overviewQueryOptions());
  const figuresId = useId();

  return (
    <AdminPage title={t('admin.overview')} lead={t('adminCore.overview.lead')}>
      {overview.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminCore.loading')}
        </p>
      ) : overview.isError ? (
        <Alert tone="error">{errorMessage(overview.error, t)}</Alert>
      ) : (
        <>
          <section aria-labelledby={figuresId}>
            <h2 id={figuresId} className="visually-hidden">
              {t('adminCore.overview.figures')}
            </h2>
            <StatGrid>
              <StatCard
                icon={<UsersIcon />}
                label={t('adminCore.overview.users')}
                value={format.number(overview.data.users)}
              />
              <StatCard
                icon={<ZapIcon />}
                label={t('adminCore.overview.activeSessions')}
                value={format.number(overview.data.activeSessions)}
                hint={t('adminCore.overview.activeSessionsHint')}
              />
              <StatCard
                icon={<InboxIcon />}
                label={t('adminCore.overview.openFeedback')}
                value={format.number(overview.data.openFeedback)}
                hint={t('adminCore.overview.openFeedbackHint')}
              />
              <StatCard
                icon={<ChatIcon />}
                label={t('adminCore.overview.chatsToday')}
                value={format.number(overview.data.chatsToday)}
                hint={t('adminCore.overview.utcHint')}
              />
              <StatCard
                icon={<ChatIcon />}
                label={t('adminCore.overview.chatsMonth')}
                value={format.number(overview.data.chatsMonth)}
                hint={t('adminCore.overview.utcHint')}
              />
            </StatGrid>
          </section>
          <div className="overview__grid">
            <AdminSection title={t('adminCore.overview.newUsers')} lead={t('adminCore.overview.newUsersLead')}>
              <NewUsersChart days={overview.data.newUsersPerDay} />
            </AdminSection>
            <AdminSection
              title={t('adminCore.overview.newest')}
              actions={
                <Link to="/users" className="button button--secondary button--small">
                  {t('adminCore.overview.allUsers')}
                </Link>
              }
            >
              {overview.data.newestUsers.length === 0 ? (
                <p className="admin-muted">{t('adminCore.overview.newestEmpty')}</p>
              ) : (
                <ul className="newest-users">
                  {overview.data.newestUsers.map((u) => (
                    <li key={u.id} className="newest-users__item">
                      <span className="newest-users__name">
                        {u.display_name || u.email || t('adminCore.guest')}
                      </span>
                      {u.display_name && u.email ? <span className="newest-users__email">{u.email}</span> : null}
                      <RelativeTime className="newest-users__date" value={u.created_at} />
                    </li>
                  ))}
                </ul>
              )}
            </AdminSection>
          </div>
        </>
      )}
    </AdminPage>
  );
}
