export { default as ProfileDialog } from './components/ProfileDialog';
export { TwoFactorSection } from './components/TwoFactorSection';
