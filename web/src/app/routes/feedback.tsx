import { FeedbackPage } from '../../features/feedback';

/** /feedback: open to signed-out visitors (public frame) and to users (app frame). */
export default function FeedbackRoute() {
  return <FeedbackPage />;
}
