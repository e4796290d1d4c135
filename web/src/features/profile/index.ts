export { default as ProfileDialog } from './components/ProfileDialog';
