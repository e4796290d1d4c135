import { RelativeTime } from '../../../components/ui/RelativeTime';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { feedbackStatusLabel, feedbackTypeLabel } from '../../../lib/feedback';
import { useI18n } from '../../../lib/i18n';
import { ownFeedbackQueryOptions } from '../api/feedback';

/** The signed-in user's recent submissions with their status (live: an admin's change refreshes it). */
export function OwnFeedbackList() {
  const { t } = useI18n();
  const headingId = useId();
  const list = useQuery(ownFeedbackQueryOptions());

  return (
    <section className="panel feedback-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="feedback-card__title">
        {t('feedback.own.title')}
      </h2>
      {list.isError ? (
        <Alert tone="error">{t('feedback.own.failed')}</Alert>
      ) : list.isPending ? (
        <p className="feedback-card__muted" role="status">
          {t('common.loading')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="feedback-card__muted">{t('feedback.own.empty')}</p>
      ) : (
        <ul className="own-feedback" aria-labelledby={headingId}>
          {list.data.map((item) => (
            <li key={item.id} className="own-feedback__item">
              <span className="own-feedback__subject">{item.subject || t('feedback.own.noSubject')}</span>
              <span className={`feedback-status feedback-status--${item.status}`}>
                {t(feedbackStatusLabel(item.status))}
              </span>
              <span className="own-feedback__meta">
                {t(feedbackTypeLabel(item.type))} ·{' '}
                <RelativeTime value={item.created_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
