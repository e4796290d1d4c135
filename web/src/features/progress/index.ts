export { ProgressPage } from './components/ProgressPage';
