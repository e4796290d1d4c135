import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { SelectField, TextField } from '../../../components/ui/Field';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { familyName, percent, TableScroll, techniqueName } from '../../progress/shared';
import { membersQueryOptions, type MemberSort, type Range, type TeamMember } from '../api/members';
import { memberName } from '../../../lib/member-name';
import { roleName } from '../lib/roles';

/** The sortable columns and their headings; the others (techniques, families) are not sortable on the server. */
const SORTABLE: readonly { sort: MemberSort; label: MessageKey; numeric?: boolean }[] = [
  { sort: 'name', label: 'team.members.name' },
  { sort: 'role', label: 'team.members.role' },
  { sort: 'lastActivity', label: 'team.members.lastActivity', numeric: true },
  { sort: 'chats', label: 'team.members.chats', numeric: true },
  { sort: 'answers', label: 'team.members.answers', numeric: true },
];

/** The next sort after a click on column: ascending first for text, descending first for figures. */
export function nextSort(current: string, column: MemberSort, numeric: boolean): string {
  const descending = current === `-${column}`;
  if (current === column) return `-${column}`;
  if (descending) return column;
  return numeric ? `-${column}` : column;
}

function ariaSort(current: string, column: MemberSort): 'ascending' | 'descending' | undefined {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return undefined;
}

/**
 * A member's row. On a phone the table is a list of cards (team.css): the
 * header row is hidden there, so every cell names its column (data-label,
 * shown and read out before its value) and the sort menu stands in for the
 * headings' sort buttons.
 */
function MemberRow({ member }: { member: TeamMember }) {
  const { t } = useI18n();
  const techniques = Object.entries(member.techniques);
  return (
    <tr>
      <th scope="row">
        <Link to={`/team/members/${member.userId}`} className="team__member-link">
          {memberName(t, member.displayName)}
        </Link>
        <span className="team__muted">{member.email}</span>
      </th>
      <td data-label={t('team.members.role')}>
        {roleName(t, member.role)}
      </td>
      <td data-label={t('team.members.lastActivity')}>
        {member.lastActivity ? <RelativeTime value={member.lastActivity} /> : t('team.members.never')}
      </td>
      <td className="progress__num" data-label={t('team.members.chats')}>
        {member.chats}
      </td>
      <td className="progress__num" data-label={t('team.members.answers')}>
        {member.answers}
      </td>
      <td data-label={t('team.members.techniques')}>
        {techniques.length === 0 ? (
          t('progress.none')
        ) : (
          <ul className="team__inline-list">
            {techniques.map(([key, rate]) => (
              <li key={key}>{t('team.members.techniqueRate', { technique: techniqueName(t, key), rate: percent(t, rate) })}</li>
            ))}
          </ul>
        )}
      </td>
      <td data-label={t('team.members.weakest')}>
        {member.weakestFamilies.length === 0 ? (
          t('progress.none')
        ) : (
          <ul className="team__inline-list">
            {member.weakestFamilies.map((key) => (
              <li key={key}>{familyName(t, key)}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** The members table: searchable (name, e-mail), sortable, 50 a page, figures over range. */
export function MembersTable({ range }: { range: Range }) {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('name');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search);
  const members = useQuery(membersQueryOptions({ q, sort, page, range }));
  const headingId = useId();
  const captionId = useId();
  const data = members.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.members.title')}
      </h2>
      <TextField
        id="team-members-search"
        type="search"
        label={t('team.members.search')}
        value={search}
        maxLength={100}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <SelectField
        id="team-members-sort"
        className="team__sort-select"
        label={t('team.members.sort')}
        value={sort}
        onChange={(e) => {
          setSort(e.currentTarget.value);
          setPage(1);
        }}
      >
        {SORTABLE.flatMap((c) => {
          const column = t(c.label);
          // Figures sort from the highest first, as a click on their heading does.
          const orders = c.numeric ? [`-${c.sort}`, c.sort] : [c.sort, `-${c.sort}`];
          return orders.map((value) => (
            <option key={value} value={value}>
              {t(value.startsWith('-') ? 'team.members.sortDescending' : 'team.members.sortAscending', { column })}
            </option>
          ));
        })}
      </SelectField>
      {members.isError ? (
        <Alert tone="error">
          <p>{t('team.loadFailed')}</p>
          <button type="button" className="link-button" onClick={() => void members.refetch()}>
            {t('common.retry')}
          </button>
        </Alert>
      ) : !data ? (
        <p role="status">{t('common.loading')}</p>
      ) : data.members.length === 0 ? (
        <p>{t('team.members.empty')}</p>
      ) : (
        <TableScroll labelledBy={captionId}>
          <table className="progress__table team__members">
            <caption id={captionId} className="visually-hidden">
              {t('team.members.title')}
            </caption>
            <thead>
              <tr>
                {SORTABLE.map((c) => (
                  <th key={c.sort} scope="col" aria-sort={ariaSort(sort, c.sort)}>
                    <button
                      type="button"
                      className="team__sort"
                      aria-label={t('team.members.sortBy', { column: t(c.label) })}
                      onClick={() => {
                        setSort(nextSort(sort, c.sort, Boolean(c.numeric)));
                        setPage(1);
                      }}
                    >
                      {t(c.label)}
                      <span aria-hidden="true">{sort === c.sort ? ' ▲' : sort === `-${c.sort}` ? ' ▼' : ''}</span>
                    </button>
                  </th>
                ))}
                <th scope="col">
                  {t('team.members.techniques')}
                </th>
                <th scope="col">
                  {t('team.members.weakest')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((m) => (
                <MemberRow key={m.userId} member={m} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pages > 1 ? (
        <nav className="team__pages" aria-label={t('team.members.pages')}>
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('team.members.previous')}
          </button>
          <span>{t('team.members.page', { page, pages })}</span>
          <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('team.members.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
