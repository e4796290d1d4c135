import type { ChallengeCard } from '../../../lib/api';

/** How far a card is on the way to its next stage (or its target), 0–1. */
export function stageFraction(card: Pick<ChallengeCard, 'progressCurrent' | 'progressTarget'>): number {
  if (card.progressTarget <= 0) return 0;
  return Math.min(Math.max(card.progressCurrent / card.progressTarget, 0), 1);
}

/**
 * The challenges closest to their next stage (the specification's
 * fn_top_challenges with limit 3): unfinished ones first, nearest to the next
 * stage first, display order breaking ties. Finished challenges (a fixed
 * target reached, or stage X at 1000) come last, so a new user still sees
 * three rings.
 */
export function topChallenges(cards: readonly ChallengeCard[], limit = 3): ChallengeCard[] {
  const done = (c: ChallengeCard) => c.progressCurrent >= c.progressTarget;
  return cards
    .map((card, order) => ({ card, order }))
    .sort((a, b) => {
      const finished = Number(done(a.card)) - Number(done(b.card));
      if (finished !== 0) return finished;
      const nearer = stageFraction(b.card) - stageFraction(a.card);
      return nearer !== 0 ? nearer : a.order - b.order;
    })
    .slice(0, limit)
    .map(({ card }) => card);
}
