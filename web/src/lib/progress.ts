import type { LevelInfo } from './api/types';

/** The circumference of the progress rings (r = 16: 2π·16 ≈ 100.5). */
export const RING_CIRCUMFERENCE = 100.5;
export const RING_RADIUS = 16;

/** Clamps a percentage to 0–100 (and NaN to 0). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The stroke-dasharray of a ring filled to `percent`. */
export function ringDash(percent: number): string {
  const filled = (clampPercent(percent) / 100) * RING_CIRCUMFERENCE;
  return `${filled.toFixed(1)} ${RING_CIRCUMFERENCE}`;
}

/** Level, XP within the level and XP the level needs; default level 1, 0 of 320. */
export interface LevelView {
  level: number;
  xpInLevel: number;
  xpForNext: number;
  percent: number;
}

/**
 * Reads the level block of GET /api/me. The level curve itself lives on the
 * server (level 1 needs 320 XP; each level-up multiplies the threshold by 1.3,
 * rounded down: docs/decisions.md, 2026-12-02 "XP pacing"); `levelFor` mirrors
 * it for old answers without xpInLevel.
 */
export function levelView(info: Partial<LevelInfo> | undefined | null): LevelView {
  if (!info || typeof info.level !== 'number') return { level: 1, xpInLevel: 0, xpForNext: FIRST_LEVEL_XP, percent: 0 };
  const xpForNext = info.xpForNext ?? info.xp_for_next_level ?? FIRST_LEVEL_XP;
  const xpInLevel =
    typeof info.xpInLevel === 'number'
      ? info.xpInLevel
      : typeof info.xp === 'number'
        ? levelFor(info.xp).xpInLevel
        : Math.round(((info.progress ?? 0) / 100) * xpForNext);
  const percent = typeof info.progress === 'number' ? info.progress : (xpInLevel * 100) / xpForNext;
  return { level: info.level, xpInLevel, xpForNext, percent: clampPercent(percent) };
}

/** XP level 1 needs (salescoach.LevelFirstXP). */
const FIRST_LEVEL_XP = 320;

/** The level curve (salescoach.LevelFor): 320 XP, then ×1.3 rounded down. */
export function levelFor(xp: number): LevelView {
  let level = 1;
  let rest = Math.max(0, Math.floor(xp));
  let need = FIRST_LEVEL_XP;
  while (rest >= need) {
    rest -= need;
    level++;
    need = Math.floor((need * 13) / 10);
  }
  return { level, xpInLevel: rest, xpForNext: need, percent: clampPercent((rest * 100) / need) };
}

/** Challenge stage thresholds (stages I–X). */
export const CHALLENGE_THRESHOLDS: readonly number[] = [1, 5, 25, 50, 100, 200, 350, 500, 750, 1000];

export interface ChallengeProgress {
  /** 1–10 */
  stage: number;
  /** The next threshold (the last one past the end). */
  target: number;
  percent: number;
}

/**
 * The stage is the index of the first threshold above the value (at least 1;
 * 10 once past the last); the ring shows the way to that threshold.
 */
export function challengeProgress(value: number): ChallengeProgress {
  const v = Math.max(0, value);
  const index = CHALLENGE_THRESHOLDS.findIndex((t) => v < t);
  if (index === -1) {
    return { stage: CHALLENGE_THRESHOLDS.length, target: CHALLENGE_THRESHOLDS.at(-1) ?? 1000, percent: 100 };
  }
  const target = CHALLENGE_THRESHOLDS[index] ?? 1;
  return { stage: Math.max(index, 1), target, percent: clampPercent((v * 100) / target) };
}

const ROMAN: readonly string[] = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

/** 1 → I … 10 → X */
export function roman(stage: number): string {
  return ROMAN[Math.min(Math.max(stage, 1), 10) - 1] ?? 'I';
}
