export { TeamPage } from './components/TeamPage';
export { MemberPage } from './components/MemberPage';
export { SharedChatPage } from './components/SharedChatPage';
export { JoinPage } from './components/JoinPage';
export { TeamSsoPage } from './components/TeamSsoPage';
// The parts other screens show (loaded lazily with the 'team' texts: the
// dashboard's card, the profile's section, the chat's share button, the
// progress page's note): from this one module, so that the first page's
// script names one chunk for the team, not one per part.
export { TeamCard } from './components/TeamCard';
export { ProfileTeamSection } from './components/ProfileTeamSection';
export { ShareWithTeam } from './components/ShareWithTeam';
export { TeamPrivacyNote } from './components/TeamPrivacyNote';
