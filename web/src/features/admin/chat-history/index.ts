export { ChatHistoryPage } from './components/ChatHistoryPage';
