import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n';
import type { Sender } from '../schemas';
import { ContactBlock } from './ContactBlock';
import { FeedbackForm } from './FeedbackForm';
import { OwnFeedbackList } from './OwnFeedbackList';
import './feedback.css';

/**
 * /feedback: the form, the user's own recent submissions (signed in only)
 * and the direct-contact block. Open to signed-out visitors, who give an e-mail.
 */
export function FeedbackPage() {
  const t = useT();
  const { session } = useAuth();
  useDocumentTitle(t('page.feedback'));
  const sender: Sender = !session ? 'visitor' : session.user.is_anonymous ? 'guest' : 'member';

  return (
    <div className="page feedback-page">
      <header className="feedback-page__header">
        <h1 className="page__title">{t('page.feedback')}</h1>
        <p className="page__lead">{t('feedback.lead')}</p>
      </header>
      <div className="feedback-page__grid">
        <FeedbackForm key={sender} sender={sender} />
        <div className="feedback-page__aside">
          {session ? <OwnFeedbackList /> : null}
          <ContactBlock />
        </div>
      </div>
    </div>
  );
}
