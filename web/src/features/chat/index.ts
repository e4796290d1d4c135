export { ChatPage } from './components/ChatPage';
