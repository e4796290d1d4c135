export { LoginPage } from './components/LoginPage';
export { TermsModal } from './components/TermsModal';
export { GuestBanner } from './components/GuestBanner';
