import type { MessageKey } from '../../../../lib/i18n';

/** A range of UTC days, both inclusive ("YYYY-MM-DD"), as GET /api/admin/usage takes it. */
export interface Period {
  from: string;
  to: string;
}

export const PERIOD_PRESETS = [7, 30, 90] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const DEFAULT_PRESET: PeriodPreset = 30;
/** The longest period the server accepts. */
export const MAX_SPAN_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Today as a UTC day (the server's clock for every daily figure). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function dayTime(day: string): number {
  return DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
}

/** A real calendar day in the form YYYY-MM-DD (not 2025-02-30). */
export function isDay(value: string): boolean {
  const time = dayTime(value);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  return new Date(dayTime(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last n UTC days including today. */
export function lastDays(n: number, now: Date = new Date()): Period {
  const to = utcToday(now);
  return { from: addDays(to, -(n - 1)), to };
}

/** The preset a period equals, if any. */
export function presetOf(period: Period, now: Date = new Date()): PeriodPreset | null {
  return PERIOD_PRESETS.find((n) => {
    const p = lastDays(n, now);
    return p.from === period.from && p.to === period.to;
  }) ?? null;
}

export type PeriodErrors = Partial<Record<keyof Period, MessageKey>>;

/** Checks a typed period the way the server does (valid days, from ≤ to, at most 366 days). */
export function checkPeriod(period: Period): PeriodErrors {
  const errors: PeriodErrors = {};
  if (!isDay(period.from)) errors.from = 'adminTokens.error.date';
  if (!isDay(period.to)) errors.to = 'adminTokens.error.date';
  if (errors.from || errors.to) return errors;
  const span = (dayTime(period.to) - dayTime(period.from)) / DAY_MS + 1;
  if (span < 1) errors.from = 'adminTokens.error.order';
  else if (span > MAX_SPAN_DAYS) errors.from = 'adminTokens.error.span';
  return errors;
}

const LOCALES = { de: 'de-DE', en: 'en-US' } as const;

/** A UTC day in the UI language ("01.06.2025" / "Jun 1, 2025"), independent of the browser's time zone. */
export function formatDay(day: string, lang: keyof typeof LOCALES): string {
  const time = dayTime(day);
  if (!Number.isFinite(time)) return day;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(time);
}
