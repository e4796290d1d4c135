import { ChatHistoryPage } from '../../../features/admin/chat-history';

/** /chat-history?id={conversationId} 'Chat-Verlauf'. */
export default function AdminChatHistoryRoute() {
  return <ChatHistoryPage />;
}
