export { ChallengesAdminPage } from './components/ChallengesAdminPage';
