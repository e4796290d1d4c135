import { ApiError } from '../../../lib/api';
import { errorMessage, type TFunction } from '../../../lib/i18n';

/**
 * The text of a failed profile save: 403 'Keine Berechtigung zum
 * Aktualisieren des Profils.', 404 (no row updated) 'Keine Berechtigung oder
 * kein Datensatz aktualisiert.', else 'Speichern fehlgeschlagen: {message}'.
 */
export function saveErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('profile.forbidden');
    if (error.status === 404) return t('profile.notUpdated');
  }
  return t('profile.saveFailed', { message: errorMessage(error, t) });
}
