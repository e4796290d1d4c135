export { TeamPage } from './components/TeamPage';
export { MemberPage } from './components/MemberPage';
export { SharedChatPage } from './components/SharedChatPage';
export { JoinPage } from './components/JoinPage';
