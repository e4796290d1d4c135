// Shapes of the feedback endpoints (contract: POST/GET /api/feedback).
import type { RequestBody, ResponseBody } from '../../lib/api';

/** POST /api/feedback. Signed out, `email` is required; signed in, the account's is used when absent. */
export type FeedbackRequest = RequestBody<'/api/feedback', 'post'>;

/** POST /api/feedback → 201 (with the message). */
export type FeedbackCreated = ResponseBody<'/api/feedback', 'post', 201>;

/** GET /api/feedback (items): the signed-in user's own feedback, newest first, at most 20. */
export type OwnFeedback = ResponseBody<'/api/feedback', 'get'>[number];
