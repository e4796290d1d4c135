import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { sharedChatQueryOptions, type SharedChat } from '../api/share';
import { memberName } from '../../../lib/member-name';
import './team.css';

function Transcript({ shared }: { shared: SharedChat }) {
  const { t } = useI18n();
  const messages = shared.chat.messages.filter((m) => m.role === 'user' || m.role === 'seller' || m.role === 'assistant');
  return (
    <ol className="team__transcript" aria-label={t('team.shared.transcript')}>
      {messages.map((m) => {
        const seller = m.role === 'user' || m.role === 'seller';
        const score = seller ? shared.answerScores[m.id] : undefined;
        return (
          <li key={m.id} className={seller ? 'team__message team__message--seller' : 'team__message'}>
            <p className="team__message-author">{seller ? t('team.shared.you') : t('team.shared.customer')}</p>
            <p className="team__message-text">{m.content}</p>
            {score !== undefined ? (
              <p className="team__message-score">{t('team.shared.answerScore', { score: score })}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The chat's evaluation as its author got it: total, verdict of an exam, the six categories with comments, the lists. */
function SharedEvaluation({ evaluation }: { evaluation: SharedChat['chat']['evaluation'] }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.shared.evaluation')}
      </h2>
      {!evaluation ? (
        <p>{t('team.shared.noEvaluation')}</p>
      ) : (
        <>
          {evaluation.intro ? <p>{evaluation.intro}</p> : null}
          <p className="team__summary">{t('team.shared.total', { percent: evaluation.totalPercent })}</p>
          {evaluation.exam ? <p>{t(evaluation.exam.passed ? 'team.shared.passed' : 'team.shared.notPassed')}</p> : null}
          <ul className="team__evaluation" aria-label={t('team.shared.categories')}>
            {evaluation.scores.map((c) => (
              <li key={c.category}>
                <strong>{t('team.shared.category', { category: c.category, score: c.score })}</strong>
                {c.comment ? <span className="team__muted">{c.comment}</span> : null}
              </li>
            ))}
          </ul>
          <EvaluationList title={t('team.shared.improvements')} items={evaluation.improvements} />
          <EvaluationList title={t('team.shared.top')} items={evaluation.top_points} />
        </>
      )}
    </section>
  );
}

function EvaluationList({ title, items }: { title: string; items: string[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div>
      <h3 id={headingId} className="progress__subheading">
        {title}
      </h3>
      <ul aria-labelledby={headingId}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** /team/chats/:id: a chat a member shared with the team, for its owner and managers (read only), with each answer's score and the evaluation. */
export function SharedChatPage({ conversationId }: { conversationId: string }) {
  const { t } = useI18n();
  const shared = useQuery(sharedChatQueryOptions(conversationId));
  const author = shared.data ? memberName(t, shared.data.author.displayName) : '';
  const title = shared.data ? t('team.shared.title', { name: author }) : t('team.title');
  useDocumentTitle(title);
  const notFound = shared.error instanceof ApiError && shared.error.status === 404;
  return (
    <div className="page progress team">
      <header className="progress__header">
        <p>
          <Link to="/team">{t('team.member.back')}</Link>
        </p>
        <h1 className="page__title">{title}</h1>
        {shared.data ? <p className="page__lead">{shared.data.chat.conversation.title}</p> : null}
      </header>
      {shared.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : shared.isError ? (
        <Alert tone="error">{notFound ? t('team.shared.notFound') : errorMessage(shared.error, t)}</Alert>
      ) : (
        <>
          <Transcript shared={shared.data} />
          <SharedEvaluation evaluation={shared.data.chat.evaluation} />
        </>
      )}
    </div>
  );
}
