import type { TFunction } from '../../../../lib/i18n';

/** 'Übung' / 'Prüfung' in the UI language; other values as they are. */
export function modeLabel(mode: string, t: TFunction): string {
  if (mode === 'Übung') return t('nav.mode.practice');
  if (mode === 'Prüfung') return t('nav.mode.exam');
  return mode;
}
