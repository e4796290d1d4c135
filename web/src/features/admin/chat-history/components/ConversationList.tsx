import { RelativeTime } from '../../../../components/ui/RelativeTime';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { Alert } from '../../../../components/ui/Alert';
import { errorMessage, useT } from '../../../../lib/i18n';
import {
  ADMIN_PAGE_SIZE,
  AdminSection,
  Pagination,
  SearchBox,
  TableFrame,
  usePagedSearch,
} from '../../shared';
import { adminConversationsQueryOptions, type AdminConversationItem } from '../api/conversations';
import { modeLabel } from './mode-label';

function StateBadge({ conversation }: { conversation: AdminConversationItem }) {
  const t = useT();
  if (conversation.deleted_at) return <span className="badge badge--danger">{t('adminCore.chats.state.deleted')}</span>;
  if (conversation.completed_at)
    return <span className="badge badge--success">{t('adminCore.chats.state.completed')}</span>;
  return <span className="badge">{t('adminCore.chats.state.open')}</span>;
}

/** The recent conversations of all users, searchable and paged; each title opens it (?id=). */
export function ConversationList({ selectedId }: { selectedId: string | null }) {
  const t = useT();
  const [path] = useLocation();
  const search = usePagedSearch();
  const list = useQuery(
    adminConversationsQueryOptions({ q: search.query, limit: ADMIN_PAGE_SIZE, offset: search.offset }),
  );
  const status =
    search.query && list.data && !list.isPlaceholderData
      ? t('adminCore.search.results', { count: list.data.total, query: search.query })
      : undefined;

  return (
    <AdminSection title={t('adminCore.chats.list')}>
      <SearchBox
        id="admin-conversation-search"
        label={t('adminCore.chats.search')}
        placeholder={t('adminCore.chats.searchHint')}
        value={search.input}
        onChange={search.setInput}
        status={status}
      />
      {list.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminCore.loading')}
        </p>
      ) : list.isError ? (
        <Alert tone="error">{errorMessage(list.error, t)}</Alert>
      ) : list.data.items.length === 0 ? (
        <p className="admin-muted">{t('adminCore.chats.empty')}</p>
      ) : (
        <TableFrame label={t('adminCore.chats.caption')}>
          <table className="admin-table" aria-busy={list.isPlaceholderData || undefined}>
            <caption className="visually-hidden">{t('adminCore.chats.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminCore.chats.title')}</th>
                <th scope="col">{t('adminCore.chats.user')}</th>
                <th scope="col">{t('adminCore.chats.mode')}</th>
                <th scope="col" className="admin-table__num">
                  {t('adminCore.chats.count')}
                </th>
                <th scope="col">{t('adminCore.chats.created')}</th>
                <th scope="col">{t('adminCore.chats.state')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((c) => {
                const selected = c.id === selectedId;
                return (
                  <tr key={c.id} className={selected ? 'conversations__row--selected' : undefined}>
                    <th scope="row">
                      <Link to={`${path}?id=${encodeURIComponent(c.id)}`} aria-current={selected ? 'true' : undefined}>
                        {c.title || t('adminCore.chats.untitled')}
                      </Link>
                      {selected ? <span className="visually-hidden"> {t('adminCore.chats.selected')}</span> : null}
                    </th>
                    <td className="conversations__user">{c.user_email || t('adminCore.guest')}</td>
                    <td>{modeLabel(c.mode, t)}</td>
                    <td className="admin-table__num">{c.message_count}</td>
                    <td className="admin-table__nowrap">
                      <RelativeTime value={c.created_at} />
                    </td>
                    <td>
                      <StateBadge conversation={c} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      {list.data ? (
        <Pagination
          total={list.data.total}
          limit={ADMIN_PAGE_SIZE}
          offset={search.offset}
          onChange={search.setOffset}
          disabled={list.isPlaceholderData}
        />
      ) : null}
    </AdminSection>
  );
}
