import { describe, expect, it } from 'vitest';
import { challengeProgress, levelFor, levelView, ringDash, roman } from './progress';

describe('level curve', () => {
  it('level 1 needs 320 XP, then ×1.3 rounded down, as the server counts', () => {
    expect(levelFor(0)).toEqual({ level: 1, xpInLevel: 0, xpForNext: 320, percent: 0 });
    expect(levelFor(319)).toMatchObject({ level: 1, xpInLevel: 319 });
    expect(levelFor(320)).toMatchObject({ level: 2, xpInLevel: 0, xpForNext: 416 });
    expect(levelFor(736)).toMatchObject({ level: 3, xpInLevel: 0, xpForNext: 540 });
    expect(levelFor(1276)).toMatchObject({ level: 4, xpInLevel: 0, xpForNext: 702 });
    expect(levelFor(10219)).toMatchObject({ level: 10, xpInLevel: 0, xpForNext: 3382 });
  });

  it('reads the level block of /api/me, defaulting to level 1, 0 of 320', () => {
    expect(levelView(undefined)).toEqual({ level: 1, xpInLevel: 0, xpForNext: 320, percent: 0 });
    expect(levelView({ level: 2, xp: 424, progress: 25, xpForNext: 416, xp_for_next_level: 416 })).toEqual({
      level: 2,
      xpInLevel: 104,
      xpForNext: 416,
      percent: 25,
    });
  });
});

describe('challenge stages', () => {
  it.each([
    [0, 1, 1, 0],
    [1, 1, 5, 20],
    [4, 1, 5, 80],
    [5, 2, 25, 20],
    [999, 9, 1000, 100],
    [1000, 10, 1000, 100],
  ])('%i → stage %i towards %i (%i %)', (value, stage, target, percent) => {
    expect(challengeProgress(value)).toEqual({ stage, target, percent: Math.min(percent, 100) });
  });

  it('writes stages as Roman numerals', () => {
    expect([1, 4, 9, 10].map(roman)).toEqual(['I', 'IV', 'IX', 'X']);
  });

  it('fills the ring of circumference 100.5', () => {
    expect(ringDash(0)).toBe('0.0 100.5');
    expect(ringDash(50)).toBe('50.3 100.5');
    expect(ringDash(150)).toBe('100.5 100.5');
  });
});
