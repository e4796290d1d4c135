// Shapes of the feedback endpoints (contract: POST/GET /api/feedback).
import type { FeedbackStatus, FeedbackType } from '../../lib/feedback';

/** POST /api/feedback. Signed out, `email` is required; signed in, the account's is used when absent. */
export interface FeedbackRequest {
  type: FeedbackType;
  subject: string;
  message: string;
  email?: string;
  name?: string;
}

/** POST /api/feedback → 201 */
export interface FeedbackCreated {
  id: string;
  type: FeedbackType;
  subject: string;
  message: string;
  status: FeedbackStatus;
  created_at: string;
}

/** GET /api/feedback (items): the signed-in user's own feedback, newest first, at most 20. */
export interface OwnFeedback {
  id: string;
  subject: string;
  type: FeedbackType;
  status: FeedbackStatus;
  created_at: string;
}
