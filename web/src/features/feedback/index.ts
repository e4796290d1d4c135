export { FeedbackPage } from './components/FeedbackPage';
