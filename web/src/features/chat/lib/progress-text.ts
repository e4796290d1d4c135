import type { Score } from '../../../lib/api';
import { clampPercent } from '../../../lib/progress';

/*
 * The server's gain rule (docs/coach.md): an answer scoring below 35 moves
 * nothing, 35–89 adds 60 % of its score, 90 and above overcomes the
 * objection at once.
 */
export const GAIN_FLOOR = 35;
export const GAIN_SOLVE = 90;
export const GAIN_RATE = 0.6;

/** How much an answer with this score moves an objection (0–100). */
export function gainFor(answerScore: number): number {
  if (answerScore >= GAIN_SOLVE) return 100;
  if (answerScore < GAIN_FLOOR) return 0;
  return Math.round(answerScore * GAIN_RATE);
}

/** The smallest gain an answer that counts can make. */
const MIN_GAIN = gainFor(GAIN_FLOOR);

export type ProgressStatus =
  | { kind: 'solved' }
  | { kind: 'almost' }
  | { kind: 'working'; remaining: number };

/**
 * The progress text after an answer: solved, one answer missing, or about N
 * answers to go at the pace of the last answer (a weak last answer counts
 * as the smallest gain that moves anything). Null before the first score.
 */
export function progressStatus(score: Score | null, progress: number): ProgressStatus | null {
  if (!score) return null;
  if (score.solved || score.completed) return { kind: 'solved' };
  const left = 100 - clampPercent(progress);
  if (left <= 0) return { kind: 'solved' };
  if (score.move) {
    const remaining = movesLeft(score.move, score.stage >= score.totalStages);
    return remaining === 1 ? { kind: 'almost' } : { kind: 'working', remaining };
  }
  const answerScore = score.answerScore;
  const gain = typeof answerScore === 'number' ? gainFor(answerScore) : 0;
  const remaining = Math.max(1, Math.ceil(left / (gain > 0 ? gain : MIN_GAIN)));
  return remaining === 1 ? { kind: 'almost' } : { kind: 'working', remaining };
}

/**
 * The moves still to make on the objection after a judged answer: explore,
 * then answer the concern; the chat's last objection closes with a next
 * step (docs/coach.md).
 */
export function movesLeft(move: NonNullable<Score['move']>, last: boolean): number {
  const close = last ? 1 : 0;
  switch (move.expected) {
    case 'explore':
      return (move.made ? 1 : 2) + close;
    case 'respond':
      return move.made ? 1 : 1 + close;
    default:
      return 1;
  }
}

/**
 * The objection an answer was judged on: after a solve the chat moved on,
 * so the score's stage is one ahead (except on the last one).
 */
export function scoredObjection(score: Score): number {
  if (score.solved && !score.completed && score.stage > 1) return score.stage - 1;
  return score.stage;
}
