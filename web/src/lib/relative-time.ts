import { useEffect, useState } from 'react';
import { LOCALES, type Language, type TFunction } from './i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toTime(value: string | number | Date): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/**
 * How long ago `value` was at `now`, as the specification's helper says:
 * under 60 s 'gerade eben', under an hour minutes, under a day hours,
 * otherwise days (whole units, rounded down; a time ahead of the clock is
 * 'gerade eben'). '' for an invalid time.
 */
export function formatRelative(t: TFunction, value: string | number | Date, now: number): string {
  const then = toTime(value);
  if (Number.isNaN(then)) return '';
  const ago = now - then;
  if (ago < MINUTE) return t('time.justNow');
  if (ago < HOUR) return t('time.minutesAgo', { count: Math.floor(ago / MINUTE) });
  if (ago < DAY) return t('time.hoursAgo', { count: Math.floor(ago / HOUR) });
  return t('time.daysAgo', { count: Math.floor(ago / DAY) });
}

/** The absolute time for the hover: "03.06.2025, 14:05" / "3 Jun 2025, 14:05"; '' for an invalid time. */
export function formatAbsolute(lang: Language, value: string | number | Date): string {
  const then = toTime(value);
  if (Number.isNaN(then)) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(then);
}

/** How often shown relative times move on. */
export const NOW_TICK_MS = 30_000;

// One timer for every relative time on the page, running while any is shown.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const l of listeners) l();
  }, NOW_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time in ms, refreshed every NOW_TICK_MS while the component is mounted. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => subscribe(() => setNow(Date.now())), []);
  return now;
}
