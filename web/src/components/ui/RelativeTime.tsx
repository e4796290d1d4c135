import { useI18n } from '../../lib/i18n';
import { formatAbsolute, formatRelative, useNow } from '../../lib/relative-time';

export interface RelativeTimeProps {
  /** An ISO time from the API. */
  value: string;
  /** The absolute time shown on hover; by default date and time in the UI language. */
  absolute?: string;
  className?: string;
}

/**
 * A recent time as 'vor 5 Minuten' that moves on while shown, in a <time>
 * element that carries the exact time (dateTime) and shows it on hover (title).
 */
export function RelativeTime({ value, absolute, className }: RelativeTimeProps) {
  const { t, lang } = useI18n();
  const now = useNow();
  const relative = formatRelative(t, value, now);
  if (!relative) return null;
  return (
    <time className={className} dateTime={value} title={absolute ?? formatAbsolute(lang, value)}>
      {relative}
    </time>
  );
}
