import { describe, expect, it } from 'vitest';
import type { Score } from '../../../lib/api';
import { gainFor, progressStatus, scoredObjection } from './progress-text';

const score = (over: Partial<Score>): Score => ({
  totalPercent: 0,
  answerScore: 0,
  stage: 1,
  totalStages: 3,
  progress: 0,
  solved: false,
  completed: false,
  techniques: [],
  ...over,
});

describe('gain rule (docs/coach.md)', () => {
  it.each([
    [0, 0],
    [34, 0],
    [35, 21],
    [50, 30],
    [89, 53],
    [90, 100],
    [100, 100],
  ])('an answer scoring %i adds %i', (answer, gain) => {
    expect(gainFor(answer)).toBe(gain);
  });
});

describe('progress status', () => {
  it('counts the moves left when the score says which move the moment called for', () => {
    const move = (expected: 'explore' | 'respond' | 'advance', made: boolean) => ({ expected, made, reason: '…' });
    // a middle objection: explored → answering the concern overcomes it
    expect(progressStatus(score({ move: move('explore', true), totalPercent: 50 }), 50)).toEqual({ kind: 'almost' });
    expect(progressStatus(score({ move: move('explore', false), totalPercent: 20 }), 20)).toEqual({ kind: 'working', remaining: 2 });
    // the last objection closes with a next step
    const last = { stage: 3, totalStages: 3 };
    expect(progressStatus(score({ ...last, move: move('explore', true), totalPercent: 50 }), 50)).toEqual({ kind: 'working', remaining: 2 });
    expect(progressStatus(score({ ...last, move: move('respond', true), totalPercent: 90 }), 90)).toEqual({ kind: 'almost' });
    expect(progressStatus(score({ ...last, move: move('respond', false), totalPercent: 50 }), 50)).toEqual({ kind: 'working', remaining: 2 });
    expect(progressStatus(score({ ...last, move: move('advance', false), totalPercent: 90 }), 90)).toEqual({ kind: 'almost' });
  });

  it('is empty before the first score', () => {
    expect(progressStatus(null, 0)).toBeNull();
  });

  it('says solved after a solving answer', () => {
    expect(progressStatus(score({ solved: true, totalPercent: 100, stage: 2 }), 0)).toEqual({ kind: 'solved' });
    expect(progressStatus(score({ solved: true, completed: true, totalPercent: 100 }), 100)).toEqual({ kind: 'solved' });
  });

  it('says one answer is missing when the pace of the last answer finishes it', () => {
    // an answer of 80 adds 48: 52 left, and another 48 is not enough → 2
    expect(progressStatus(score({ answerScore: 80, totalPercent: 48 }), 48)).toEqual({ kind: 'working', remaining: 2 });
    // an answer of 85 adds 51: 51 + 51 ≥ 100 → one more
    expect(progressStatus(score({ answerScore: 85, totalPercent: 51 }), 51)).toEqual({ kind: 'almost' });
  });

  it('estimates N answers from the remaining progress and the last gain', () => {
    expect(progressStatus(score({ answerScore: 40, totalPercent: 24 }), 24)).toEqual({ kind: 'working', remaining: 4 });
  });

  it('assumes the smallest gain that counts after a weak answer', () => {
    expect(progressStatus(score({ answerScore: 20, totalPercent: 0 }), 0)).toEqual({ kind: 'working', remaining: 5 });
  });
});

describe('scored objection', () => {
  it('is one behind the stage after a solve that moved the chat on', () => {
    expect(scoredObjection(score({ solved: true, stage: 2 }))).toBe(1);
    expect(scoredObjection(score({ solved: true, completed: true, stage: 3 }))).toBe(3);
    expect(scoredObjection(score({ stage: 2 }))).toBe(2);
  });
});
