import { describe, expect, it } from 'vitest';
import type { FamilyProgress } from '../api/progress';
import { answersInPeriod, chartLines, personalBests, trendOf, weakestFamilies } from './analysis';

const family = (key: FamilyProgress['key'], averageScore: number | null, attempts = 4, solved = 1): FamilyProgress => ({
  key,
  attempts,
  solved,
  averageScore,
});

describe('progress analysis', () => {
  it('names a change of 5 points or more a trend, less flat, and none without both periods', () => {
    expect(trendOf({ rate: 55, previousRate: 50 })).toBe('up');
    expect(trendOf({ rate: 54, previousRate: 50 })).toBe('flat');
    expect(trendOf({ rate: 46, previousRate: 50 })).toBe('flat');
    expect(trendOf({ rate: 45, previousRate: 50 })).toBe('down');
    expect(trendOf({ rate: 0, previousRate: 0 })).toBe('flat');
    expect(trendOf({ rate: 40, previousRate: null })).toBeNull();
    expect(trendOf({ rate: null, previousRate: 40 })).toBeNull();
  });

  it('counts the answers of the period as the largest total of a technique', () => {
    const tech = (total: number) => ({ key: 'question' as const, shown: 0, total, rate: null, previousRate: null });
    expect(answersInPeriod([tech(4), tech(6), tech(5)])).toBe(6);
    expect(answersInPeriod([])).toBe(0);
  });

  it('marks the three lowest average scores, fewer solved first on a tie, never every family and never an unscored one', () => {
    const families = [
      family('price', 40),
      family('no_time', 80),
      family('trust', 40, 4, 3),
      family('authority', 55),
      family('timing', null),
      family('no_need', 70),
    ];
    expect([...weakestFamilies(families)]).toEqual(['price', 'trust', 'authority']);
    expect([...weakestFamilies([family('price', 40), family('trust', 60)])]).toEqual(['price']);
    expect(weakestFamilies([family('price', 40)]).size).toBe(0);
    expect(weakestFamilies([]).size).toBe(0);
  });

  it('keeps the best exam score per difficulty', () => {
    expect(
      personalBests([
        { conversationId: 'a', date: '2026-11-01T10:00:00Z', difficulty: 1, score: 60 },
        { conversationId: 'b', date: '2026-11-02T10:00:00Z', difficulty: 1, score: 75 },
        { conversationId: 'c', date: '2026-11-03T10:00:00Z', difficulty: 3, score: 40 },
      ]),
    ).toEqual({ 1: 75, 3: 40 });
  });

  it('draws 0 % at the bottom and 100 % at the top, and a week without a value as a gap', () => {
    const { lines, dots } = chartLines([
      { label: 'a', value: 0 },
      { label: 'b', value: 100 },
      { label: 'c', value: null },
      { label: 'd', value: 50 },
    ]);
    expect(lines).toEqual(['8,92 102.7,8', '292,50']);
    expect(dots).toHaveLength(3);
    expect(chartLines([{ label: 'a', value: null }])).toEqual({ lines: [], dots: [] });
  });
});
