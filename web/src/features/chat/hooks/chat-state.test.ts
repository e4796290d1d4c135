import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState } from './chat-state';

describe('chatReducer sendFailed', () => {
  const sending = chatReducer(
    chatReducer(chatReducer(initialChatState, { type: 'selectMode', mode: 'Übung' }), { type: 'selectDifficulty', difficulty: 1 }),
    { type: 'sendStart', message: { id: 'local-1', role: 'user', content: 'Hallo' } },
  );

  it('adopts the chat a failed first message created, so the next send continues it', () => {
    const next = chatReducer(sending, {
      type: 'sendFailed',
      localId: 'local-1',
      error: { title: 'Leider ist ein Fehler aufgetreten.' },
      conversationId: '0193e6a4-7c9e-7000-8000-000000000001',
    });
    expect(next.conversationId).toBe('0193e6a4-7c9e-7000-8000-000000000001');
    expect(next.busy).toBe(false);
    expect(next.messages.some((m) => m.id === 'local-1')).toBe(false);
  });

  it('keeps an open chat when a later message fails', () => {
    const open = { ...sending, conversationId: 'c-1' };
    const next = chatReducer(open, { type: 'sendFailed', localId: 'local-1', error: null, conversationId: 'other' });
    expect(next.conversationId).toBe('c-1');
  });

  it('stays without a chat when none was created', () => {
    const next = chatReducer(sending, { type: 'sendFailed', localId: 'local-1', error: null });
    expect(next.conversationId).toBeNull();
  });
});
