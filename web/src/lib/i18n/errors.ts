import { ApiError } from '../api/client';
import type { TFunction } from './i18n';

/** The text to show for a failed call: the server's, else a translated fallback. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.isNetworkError) return t('errors.network');
  }
  return t('errors.generic');
}
