import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/Alert';
import { errorMessage, LOCALES, useI18n, type MessageKey } from '../../../lib/i18n';
import { memberName } from '../../../lib/member-name';
import { teamAssignmentsQueryOptions, type Assignment } from '../api/assignments';

const STATUS: Record<string, MessageKey> = {
  open: 'dashboard.teamTasks.status.open',
  done: 'dashboard.teamTasks.status.done',
  overdue: 'dashboard.teamTasks.status.overdue',
};

/** The team's assignments, each with its assignees' completion and, for exams, their scores. */
export function AssignmentList() {
  const { t, lang } = useI18n();
  const list = useQuery(teamAssignmentsQueryOptions());
  const date = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="panel assignments__list" aria-labelledby="assignments-list-title">
      <h2 id="assignments-list-title" className="panel__title">
        {t('dashboard.teamTasks.list')}
      </h2>
      {list.isError ? (
        <Alert tone="error">{errorMessage(list.error, t)}</Alert>
      ) : list.isPending ? (
        <p className="panel__muted">{t('common.loading')}</p>
      ) : list.data.length === 0 ? (
        <p className="panel__muted">{t('dashboard.teamTasks.empty')}</p>
      ) : (
        list.data.map((a) => <AssignmentCard key={a.id} a={a} due={date.format(new Date(a.dueAt))} />)
      )}
    </section>
  );
}

function AssignmentCard({ a, due }: { a: Assignment; due: string }) {
  const { t } = useI18n();
  const members = a.members ?? [];
  const done = members.filter((m) => m.status === 'done').length;
  const exam = a.mode === 'Prüfung';
  return (
    <article className="assignment" aria-labelledby={`assignment-${a.id}`}>
      <h3 id={`assignment-${a.id}`} className="assignment__title">
        {a.title}
      </h3>
      <p className="panel__muted">
        {exam ? t('dashboard.teamTasks.mode.exam') : t('dashboard.teamTasks.mode.practice')} ·{' '}
        {t(`dashboard.teamTasks.difficulty.${a.difficulty}` as MessageKey)} · {t('dashboard.teamTasks.due', { date: due })} ·{' '}
        {a.wholeTeam ? `${t('dashboard.teamTasks.wholeTeam')} · ` : ''}
        {t('dashboard.teamTasks.progress', { done, total: members.length })}
      </p>
      <table className="assignment__table">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.teamTasks.col.member')}</th>
            <th scope="col">{t('dashboard.teamTasks.col.status')}</th>
            {exam ? <th scope="col">{t('dashboard.teamTasks.col.score')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.userId} className={`assignment__row assignment__row--${m.status}`}>
              <th scope="row">{memberName(t, m.displayName)}</th>
              <td>{t(STATUS[m.status] ?? 'dashboard.teamTasks.status.open')}</td>
              {exam ? <td>{m.score != null ? t('dashboard.teamTasks.score', { score: m.score }) : '–'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
