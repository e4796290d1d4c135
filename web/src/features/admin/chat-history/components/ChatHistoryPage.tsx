import { useSearchParams } from 'wouter';
import { useT } from '../../../../lib/i18n';
import { AdminPage } from '../../shared';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import './chat-history.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /chat-history?id={conversationId}: one conversation (any user's), and the list to pick from. */
export function ChatHistoryPage() {
  const t = useT();
  const [params] = useSearchParams();
  const raw = params.get('id')?.trim() ?? '';
  // A conversation id must be a UUID; anything else counts as none (spec 02 §5).
  const id = UUID.test(raw) ? raw : null;

  return (
    <AdminPage title={t('admin.chatHistory')} lead={t('adminCore.chats.lead')}>
      <ConversationView id={id} />
      <ConversationList selectedId={id} />
    </AdminPage>
  );
}
