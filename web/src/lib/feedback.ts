// Feedback categories and statuses (spec 02 §3, §4), shared by the feedback
// page and the back-office's feedback screen.
import type { MessageKey } from './i18n';

/** The three categories, in display order. */
export const FEEDBACK_TYPES = ['general', 'bug', 'feature'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** The statuses, in display order; admins may set any of them, in any order. */
export const FEEDBACK_STATUSES = ['erhalten', 'in_bearbeitung', 'bearbeitet'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

const TYPE_LABELS: Record<FeedbackType, MessageKey> = {
  general: 'feedback.type.general',
  bug: 'feedback.type.bug',
  feature: 'feedback.type.feature',
};

const STATUS_LABELS: Record<FeedbackStatus, MessageKey> = {
  erhalten: 'feedback.status.erhalten',
  in_bearbeitung: 'feedback.status.in_bearbeitung',
  bearbeitet: 'feedback.status.bearbeitet',
};

/** The label of a category ('Allgemein', 'Fehler', 'Funktionswunsch'); unknown ones read as general. */
export function feedbackTypeLabel(type: string): MessageKey {
  return (TYPE_LABELS as Partial<Record<string, MessageKey>>)[type] ?? TYPE_LABELS.general;
}

/** The label of a status ('Erhalten', 'In Bearbeitung', 'Bearbeitet'); unknown ones read as received. */
export function feedbackStatusLabel(status: string): MessageKey {
  return (STATUS_LABELS as Partial<Record<string, MessageKey>>)[status] ?? STATUS_LABELS.erhalten;
}
