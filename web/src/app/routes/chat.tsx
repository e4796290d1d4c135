import { ChatPage } from '../../features/chat';

/** /chat: the chat screen (lazy: neither it nor pdf.js is part of the login bundle). */
export default function ChatRoute() {
  return <ChatPage />;
}
