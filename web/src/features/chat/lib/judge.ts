import type { EngineName, Score } from '../../../lib/api';

/**
 * Whether to say that the built-in trainer judged an answer or a chat: only
 * when it stood in for a model server whose scoring or evaluation failed.
 * With the trainer as the chat's engine the chat says so already.
 */
export function judgedByStandIn(source: Score['source'], engine: EngineName | null | undefined): boolean {
  return source === 'builtin' && engine !== 'builtin';
}
