import { useQuery } from '@tanstack/react-query';
import type { Difficulty } from '../../../lib/api';
import { LOCALES, useI18n, type MessageKey } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import type { ChatLocationState } from '../../chat/components/ChatPage';
import { myAssignmentsQueryOptions, type MyAssignment } from '../api/my-assignments';

const STATUS: Record<string, MessageKey> = {
  open: 'dashboard.assignments.status.open',
  done: 'dashboard.assignments.status.done',
  overdue: 'dashboard.assignments.status.overdue',
};

const DIFFICULTY: Record<number, MessageKey> = {
  1: 'dashboard.assignments.difficulty.1',
  2: 'dashboard.assignments.difficulty.2',
  3: 'dashboard.assignments.difficulty.3',
};

/**
 * 'Aufgaben': the assignments the user's team gave them, open ones first; a
 * click on 'Starten' opens the chat prepared with the assignment (its first
 * message sends assignmentId, and the server sets mode, difficulty, family or
 * scenario and product). Shown only to users who have assignments.
 */
export function AssignmentsPanel({ userId }: { userId: string }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const assignments = useQuery({ ...myAssignmentsQueryOptions(userId), enabled: Boolean(userId) });
  if (!assignments.data || assignments.data.length === 0) return null;
  const due = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' });

  const start = (a: MyAssignment) => {
    const state: ChatLocationState = {
      mode: a.mode,
      ...(a.mode === 'Übung' ? { difficulty: a.difficulty as Difficulty } : {}),
      assignment: { id: a.id, title: a.title },
    };
    navigate('/chat', { state });
  };

  return (
    <section className="panel dashboard__assignments" aria-labelledby="dashboard-assignments">
      <h2 id="dashboard-assignments" className="panel__title">
        {t('dashboard.assignments.title')}
      </h2>
      <ul className="assignments-list">
        {assignments.data.map((a) => {
          const status = a.mine?.status ?? 'open';
          return (
            <li key={a.id} className={`assignments-list__item assignments-list__item--${status}`}>
              <div className="assignments-list__text">
                <strong className="assignments-list__title">{a.title}</strong>
                <span className="panel__muted">
                  {a.mode === 'Prüfung' ? t('dashboard.assignments.exam') : t('dashboard.assignments.practice')} ·{' '}
                  {t(DIFFICULTY[a.difficulty] ?? 'dashboard.assignments.difficulty.1')} ·{' '}
                  {t('dashboard.assignments.due', { date: due.format(new Date(a.dueAt)) })}
                </span>
                <span className="assignments-list__status">
                  {t(STATUS[status] ?? 'dashboard.assignments.status.open')}
                  {status === 'done' && a.mine?.score != null
                    ? ` · ${t('dashboard.assignments.score', { score: a.mine.score })}`
                    : ''}
                </span>
              </div>
              {status !== 'done' ? (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => start(a)}
                  aria-label={t('dashboard.assignments.startLabel', { title: a.title })}
                >
                  {t('dashboard.assignments.start')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
