import { isMessageKey, LOCALES, useI18n, type TFunction } from '../../../lib/i18n';

/** The name of a technique ('tech') or family ('family'); the key itself for one this client does not know yet. */
function nameOf(t: TFunction, kind: 'tech' | 'family', key: string): string {
  const id = `progress.${kind}.${key}`;
  return isMessageKey(id) ? t(id) : key;
}
export const techniqueName = (t: TFunction, key: string) => nameOf(t, 'tech', key);
export const familyName = (t: TFunction, key: string) => nameOf(t, 'family', key);

/** '40 %', or '–' without a value. */
export const percent = (t: TFunction, value: number | null) => (value === null ? t('progress.none') : t('progress.rate', { percent: value }));

/** '23. Nov.' / '23 Nov' for a week's Monday (a UTC date). */
export function useWeekLabel() {
  const { lang } = useI18n();
  const format = new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (weekStart: string) => format.format(new Date(`${weekStart}T00:00:00Z`));
}

