import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { sharedChatQueryOptions, type SharedChat } from '../api/share';
import './team.css';

function Transcript({ shared }: { shared: SharedChat }) {
  const { t } = useI18n();
  const messages = shared.chat.messages.filter((m) => m.role === 'user' || m.role === 'seller' || m.role === 'assistant');
  return (
    <ol className="team__transcript" aria-label={t('team.shared.transcript')}>
      {messages.map((m) => {
        const seller = m.role === 'user' || m.role === 'seller';
        return (
          <li key={m.id} className={seller ? 'team__message team__message--seller' : 'team__message'}>
            <p className="team__message-author">{seller ? t('team.shared.you') : t('team.shared.customer')}</p>
            <p className="team__message-text">{m.content}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** /team/chats/:id: a chat a member shared with the team, for its owner and managers (read only). */
export function SharedChatPage({ conversationId }: { conversationId: string }) {
  const { t } = useI18n();
  const shared = useQuery(sharedChatQueryOptions(conversationId));
  const author = shared.data ? shared.data.author.displayName || shared.data.author.email : '';
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
        <Transcript shared={shared.data} />
      )}
    </div>
  );
}
