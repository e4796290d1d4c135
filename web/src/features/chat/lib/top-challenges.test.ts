import { describe, expect, it } from 'vitest';
import { makeChallenges } from '../../../testing/fixtures';
import { topChallenges } from './top-challenges';

describe('topChallenges', () => {
  it('picks the three closest to their next stage, in display order for ties', () => {
    // hints 4/5 (80 %), objections 20/25 (80 %), fast answers 7/10 (70 %), completed chats 3/3 (done)
    const cards = makeChallenges({ hints: 4, objections_solved: 20, fast_answers: 7, completed_chats: 3 });
    expect(topChallenges(cards).map((c) => c.key)).toEqual(['objections_solved', 'hints', 'fast_answers']);
  });

  it('shows three rings for a new user, finished challenges last', () => {
    const cards = makeChallenges({ feedback: 5 });
    const top = topChallenges(cards);
    expect(top).toHaveLength(3);
    expect(top.map((c) => c.key)).not.toContain('feedback');
    expect(topChallenges(makeChallenges(), 2).map((c) => c.key)).toEqual(['objections_solved', 'messages_sent']);
  });
});
