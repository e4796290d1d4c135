import { describe, expect, it } from 'vitest';
import { challengeProgress, levelFor, levelView, ringDash, roman } from './progress';

describe('level curve', () => {
  it('level 1 needs 100 XP, then ×1.2 rounded down', () => {
    expect(levelFor(0)).toEqual({ level: 1, xpInLevel: 0, xpForNext: 100, percent: 0 });
    expect(levelFor(99)).toMatchObject({ level: 1, xpInLevel: 99 });
    expect(levelFor(100)).toMatchObject({ level: 2, xpInLevel: 0, xpForNext: 120 });
    expect(levelFor(220)).toMatchObject({ level: 3, xpInLevel: 0, xpForNext: 144 });
    expect(levelFor(364)).toMatchObject({ level: 4, xpInLevel: 0, xpForNext: 172 });
  });

  it('reads the level block of /api/me, defaulting to level 1, 0 of 100', () => {
    expect(levelView(undefined)).toEqual({ level: 1, xpInLevel: 0, xpForNext: 100, percent: 0 });
    expect(levelView({ level: 2, xp: 150, progress: 25, xpForNext: 120, xp_for_next_level: 120 })).toEqual({
      level: 2,
      xpInLevel: 50,
      xpForNext: 120,
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
