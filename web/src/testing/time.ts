import { formatAbsolute } from '../lib/relative-time';

const MINUTE = 60_000;

/** An ISO time n minutes (and a few seconds) before now: shown as 'vor n Minuten' for the next minute. */
export const minutesAgo = (n: number): string => new Date(Date.now() - n * MINUTE - 5_000).toISOString();
export const hoursAgo = (n: number): string => minutesAgo(n * 60);
export const daysAgo = (n: number): string => minutesAgo(n * 24 * 60);

/** The absolute German time a relative time shows on hover. */
export const deHover = (iso: string): string => formatAbsolute('de', iso);
