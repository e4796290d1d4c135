import type { Difficulty } from '../../../lib/api';
import type { ExamResult, FamilyProgress, TechniqueProgress } from '../api/progress';

export type Trend = 'up' | 'down' | 'flat';

/**
 * A change of at least this many percentage points counts as a trend; less
 * is 'gleich' (one answer more or less in a small period moves a rate by
 * several points, which is no development yet).
 */
export const TREND_POINTS = 5;

/** The trend from the period before to this one; null when either has no answers. */
export function trendOf({ rate, previousRate }: Pick<TechniqueProgress, 'rate' | 'previousRate'>): Trend | null {
  if (rate === null || previousRate === null) return null;
  const change = rate - previousRate;
  if (change >= TREND_POINTS) return 'up';
  if (change <= -TREND_POINTS) return 'down';
  return 'flat';
}

/** How many answers the period has: every answer is assessed on the techniques, so the largest total. */
export function answersInPeriod(techniques: readonly TechniqueProgress[]): number {
  return techniques.reduce((n, t) => Math.max(n, t.total), 0);
}

/**
 * The three weakest families: the lowest average answer score (fewer solved
 * of their attempts first on a tie), among the families with a score. At
 * most all but one, so a short list is not marked whole (one family alone is
 * nobody's weakest).
 */
export function weakestFamilies(families: readonly FamilyProgress[]): Set<string> {
  const scored = families.filter((f) => f.averageScore !== null && f.attempts > 0);
  const solvedShare = (f: FamilyProgress) => f.solved / f.attempts;
  const sorted = [...scored].sort(
    (a, b) => (a.averageScore ?? 0) - (b.averageScore ?? 0) || solvedShare(a) - solvedShare(b),
  );
  return new Set(sorted.slice(0, Math.min(3, scored.length - 1)).map((f) => f.key));
}

/** The best exam score per difficulty (absent: no exam at it). */
export function personalBests(exams: readonly ExamResult[]): Partial<Record<Difficulty, number>> {
  const best: Partial<Record<Difficulty, number>> = {};
  for (const exam of exams) best[exam.difficulty] = Math.max(best[exam.difficulty] ?? 0, exam.score);
  return best;
}

/** A point of a line chart: its label on the x axis and its value (0–100), null for a gap. */
export interface ChartPoint {
  label: string;
  value: number | null;
}

/** The chart's drawing area in its viewBox units. */
export const CHART = { width: 300, height: 100, padX: 8, padY: 8 } as const;

/**
 * The polylines of a line chart, one per run of points without a gap, in the
 * viewBox of CHART (0 % at the bottom, 100 % at the top), and the dots.
 */
export function chartLines(points: readonly ChartPoint[]): { lines: string[]; dots: { x: number; y: number }[] } {
  const { width, height, padX, padY } = CHART;
  const step = points.length > 1 ? (width - 2 * padX) / (points.length - 1) : 0;
  const lines: string[] = [];
  const dots: { x: number; y: number }[] = [];
  let run: string[] = [];
  points.forEach((p, i) => {
    if (p.value === null) {
      if (run.length) lines.push(run.join(' '));
      run = [];
      return;
    }
    const value = Math.min(100, Math.max(0, p.value));
    const x = points.length > 1 ? padX + i * step : width / 2;
    const y = height - padY - (value / 100) * (height - 2 * padY);
    const dot = { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
    dots.push(dot);
    run.push(`${dot.x},${dot.y}`);
  });
  if (run.length) lines.push(run.join(' '));
  return { lines, dots };
}
