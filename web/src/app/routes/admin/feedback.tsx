import { AdminFeedbackPage } from '../../../features/admin/feedback';

/** /admin-feedback 'Feedback'. */
export default function AdminFeedbackRoute() {
  return <AdminFeedbackPage />;
}
