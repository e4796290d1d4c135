import { z } from 'zod';
import type { MessageKey } from '../../lib/i18n';
import { FEEDBACK_TYPES } from '../../lib/feedback';
import type { FeedbackRequest } from './types';

// Error messages are i18n keys; the form translates them.
const msg = (key: MessageKey) => ({ error: key });

/** Who sends: a visitor without session must give an e-mail; a guest may; an account has one. */
export type Sender = 'visitor' | 'guest' | 'member';

const requiredEmail = z
  .string()
  .trim()
  .min(1, msg('validation.emailRequired'))
  .pipe(z.email(msg('feedback.emailInvalid')));

const optionalEmail = z
  .string()
  .trim()
  .refine((v) => v === '' || z.email().safeParse(v).success, msg('feedback.emailInvalid'));

/** The feedback form → POST /api/feedback (limits as the server's: subject 200, message 5000). */
export function feedbackSchema(sender: Sender) {
  return z
    .object({
      type: z.enum(FEEDBACK_TYPES),
      subject: z.string().trim().max(200, msg('feedback.subjectTooLong')),
      message: z
        .string()
        .trim()
        .min(1, msg('feedback.messageRequired'))
        .max(5000, msg('feedback.messageTooLong')),
      email: sender === 'visitor' ? requiredEmail : optionalEmail,
      name: z.string().trim().max(100),
    })
    .transform(
      (v): FeedbackRequest => ({
        type: v.type,
        subject: v.subject,
        message: v.message,
        ...(sender !== 'member' && v.email ? { email: v.email } : {}),
        ...(sender === 'visitor' && v.name ? { name: v.name } : {}),
      }),
    );
}

export type FeedbackForm = z.input<ReturnType<typeof feedbackSchema>>;
