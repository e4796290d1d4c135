import { ApiError } from '../../../lib/api';
import type { TFunction } from '../../../lib/i18n';

/**
 * The text for a failed submission (spec 02 §8): the server's error, else the
 * client's message (no connection), else 'Fehler beim Senden des Feedbacks'.
 */
export function sendErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.isNetworkError) return t('errors.network');
  } else if (error instanceof Error && error.message) {
    return error.message;
  }
  return t('feedback.failed');
}
