import { useMemo } from 'react';
import { LOCALES, useI18n } from '../../../../lib/i18n';

export interface AdminFormat {
  /** "03.06.2025, 14:05" (de) / "3 Jun 2025, 14:05" (en); '–' for null or an invalid time. */
  dateTime: (iso: string | null | undefined) => string;
  /** "03.06.2025" / "3 Jun 2025"; '–' for null or an invalid time. */
  date: (iso: string | null | undefined) => string;
  /** A count with the language's digit grouping: 12.345 / 12,345. */
  number: (value: number) => string;
}

/** Date and number formatting in the UI language for the admin tables. */
export function useAdminFormat(): AdminFormat {
  const { lang } = useI18n();
  return useMemo(() => {
    const locale = LOCALES[lang];
    const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const numberFormat = new Intl.NumberFormat(locale);
    const withDate = (format: Intl.DateTimeFormat) => (iso: string | null | undefined) => {
      if (!iso) return '–';
      const time = new Date(iso);
      return Number.isNaN(time.getTime()) ? '–' : format.format(time);
    };
    return {
      dateTime: withDate(dateTimeFormat),
      date: withDate(dateFormat),
      number: (value) => numberFormat.format(value),
    };
  }, [lang]);
}
