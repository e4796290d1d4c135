export { AdminFeedbackPage } from './components/AdminFeedbackPage';
