import { RelativeTime } from '../../../../components/ui/RelativeTime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { useAuth } from '../../../../lib/auth';
import { errorMessage, useT, type MessageKey } from '../../../../lib/i18n';
import { subscriptionStatusLabel } from '../../../../lib/subscription-status';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_STATUS_KEYS,
  AdminPage,
  AdminSection,
  ConfirmDialog,
  Pagination,
  SearchBox,
  TableFrame,
  adminPlanLabel,
  adminQueryKey,
  usePagedSearch,
  type AdminUserItem,
} from '../../shared';
import { deleteUser } from '../api/delete-user';
import { updateUser, usersQueryOptions, type UpdateUserRequest } from '../api/users';
import { CreateUserForm } from './CreateUserForm';
import { TEAM_ROLE_KEYS, TeamsSection } from './TeamsSection';
import { ACTION_LABELS, UserActions, useUserName, type UserAction } from './UserActions';
import './users.css';

const PATCHES: Record<Exclude<UserAction, 'delete'>, UpdateUserRequest> = {
  grant: { is_admin: true },
  revoke: { is_admin: false },
  disable: { status: 'disabled' },
  enable: { status: 'active' },
};

const CONFIRM: Record<UserAction, { title: MessageKey; text: MessageKey; done: MessageKey }> = {
  grant: {
    title: 'adminCore.users.confirm.grant.title',
    text: 'adminCore.users.confirm.grant.text',
    done: 'adminCore.users.done.grant',
  },
  revoke: {
    title: 'adminCore.users.confirm.revoke.title',
    text: 'adminCore.users.confirm.revoke.text',
    done: 'adminCore.users.done.revoke',
  },
  disable: {
    title: 'adminCore.users.confirm.disable.title',
    text: 'adminCore.users.confirm.disable.text',
    done: 'adminCore.users.done.disable',
  },
  enable: {
    title: 'adminCore.users.confirm.enable.title',
    text: 'adminCore.users.confirm.enable.text',
    done: 'adminCore.users.done.enable',
  },
  delete: {
    title: 'adminCore.users.confirm.delete.title',
    text: 'adminCore.users.confirm.delete.text',
    done: 'adminCore.users.done.delete',
  },
};

interface Pending {
  user: AdminUserItem;
  action: UserAction;
}

/** /users: invite a user; search and page through all accounts (with their team); grant/revoke admin, disable/enable, delete; the teams with their seats. */
export function UsersPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const nameOf = useUserName();
  const search = usePagedSearch();
  const params = { q: search.query, limit: ADMIN_PAGE_SIZE, offset: search.offset };
  const users = useQuery(usersQueryOptions(params));
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async ({ user, action }: Pending) => {
      if (action === 'delete') await deleteUser(user.id);
      else await updateUser(user.id, PATCHES[action]);
    },
    onSuccess: (_updated, { user, action }) => {
      setPending(null);
      setDone(t(CONFIRM[action].done, { user: nameOf(user) }));
      void queryClient.invalidateQueries({ queryKey: adminQueryKey() });
    },
  });

  const ask = (user: AdminUserItem, action: UserAction) => {
    change.reset();
    setDone(null);
    setPending({ user, action });
  };

  const status =
    search.query && users.data && !users.isPlaceholderData
      ? t('adminCore.search.results', { count: users.data.total, query: search.query })
      : undefined;

  return (
    <AdminPage title={t('admin.users')} lead={t('adminCore.users.lead')}>
      <CreateUserForm />
      <AdminSection title={t('adminCore.users.list')}>
        <SearchBox
          id="admin-user-search"
          label={t('adminCore.users.search')}
          placeholder={t('adminCore.users.searchHint')}
          value={search.input}
          onChange={search.setInput}
          status={status}
        />
        {done ? <Alert tone="success">{done}</Alert> : null}
        {users.isPending ? (
          <p className="admin-muted" role="status">
            {t('adminCore.loading')}
          </p>
        ) : users.isError ? (
          <Alert tone="error">{errorMessage(users.error, t)}</Alert>
        ) : users.data.items.length === 0 ? (
          <p className="admin-muted">{t('adminCore.users.empty')}</p>
        ) : (
          <TableFrame label={t('adminCore.users.caption')}>
            <table className="admin-table" aria-busy={users.isPlaceholderData || undefined}>
              <caption className="visually-hidden">{t('adminCore.users.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminCore.users.email')}</th>
                  <th scope="col">{t('adminCore.users.name')}</th>
                  <th scope="col">{t('adminCore.users.plan')}</th>
                  <th scope="col">{t('adminCore.users.team')}</th>
                  <th scope="col" className="admin-table__num">
                    {t('adminCore.users.level')}
                  </th>
                  <th scope="col">{t('adminCore.users.created')}</th>
                  <th scope="col">{t('adminCore.users.lastActive')}</th>
                  <th scope="col">{t('adminCore.users.admin')}</th>
                  <th scope="col">{t('adminCore.users.status')}</th>
                  <th scope="col">{t('adminCore.users.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {users.data.items.map((user) => (
                  <tr key={user.id}>
                    <th scope="row" className="users__email">
                      {user.email || <span className="badge">{t('adminCore.guest')}</span>}
                      {user.email && !user.email_confirmed ? (
                        <span className="users__note">{t('adminCore.users.unconfirmed')}</span>
                      ) : null}
                    </th>
                    <td>{user.display_name || t('adminCore.none')}</td>
                    <td>
                      {t(adminPlanLabel(user.plan))}
                      {user.subscription_status ? (
                        <span className="users__note">{subscriptionStatusLabel(t, ADMIN_STATUS_KEYS, user.subscription_status)}</span>
                      ) : null}
                    </td>
                    <td>
                      {user.team_name || t('adminCore.none')}
                      {user.team_role ? <span className="users__note">{t(TEAM_ROLE_KEYS[user.team_role])}</span> : null}
                    </td>
                    <td className="admin-table__num">{user.level}</td>
                    <td className="admin-table__nowrap">
                      <RelativeTime value={user.created_at} />
                    </td>
                    <td className="admin-table__nowrap">
                      {user.last_active_at ? <RelativeTime value={user.last_active_at} /> : t('adminCore.users.never')}
                    </td>
                    <td>
                      {user.is_admin ? (
                        <span className="badge badge--info">{t('adminCore.yes')}</span>
                      ) : (
                        t('adminCore.no')
                      )}
                    </td>
                    <td>
                      {user.status === 'disabled' ? (
                        <span className="badge badge--danger">{t('adminCore.yes')}</span>
                      ) : (
                        t('adminCore.no')
                      )}
                    </td>
                    <td>
                      {user.id === session?.user.id ? (
                        <span className="admin-muted">{t('adminCore.users.you')}</span>
                      ) : (
                        <UserActions user={user} onAction={(action) => ask(user, action)} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
        {users.data ? (
          <Pagination
            total={users.data.total}
            limit={ADMIN_PAGE_SIZE}
            offset={search.offset}
            onChange={search.setOffset}
            disabled={users.isPlaceholderData}
          />
        ) : null}
      </AdminSection>

      <TeamsSection />

      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(CONFIRM[pending.action].title) : ''}
        text={pending ? t(CONFIRM[pending.action].text, { user: nameOf(pending.user) }) : ''}
        confirmLabel={pending ? t(ACTION_LABELS[pending.action]) : ''}
        tone={pending?.action === 'disable' || pending?.action === 'revoke' || pending?.action === 'delete' ? 'danger' : 'primary'}
        busy={change.isPending}
        error={change.isError ? errorMessage(change.error, t) : null}
        onConfirm={() => {
          if (pending) change.mutate(pending);
        }}
        onCancel={() => setPending(null)}
      />
    </AdminPage>
  );
}
