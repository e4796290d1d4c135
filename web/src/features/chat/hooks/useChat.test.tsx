import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/api';
import { sessions, STORAGE_KEY } from '../../../lib/auth';
import { I18nProvider } from '../../../lib/i18n';
import { makeAnswer, makeDetail, makeScore, makeStoredSession } from '../../../testing/fixtures';
import { createTestQueryClient } from '../../../testing/render';
import { server } from '../../../testing/server';
import { useChat } from './useChat';

const CALL_ID = '0190a7c4-0000-7000-8000-000000000001';

describe('useChat.reply', () => {
  let bodies: ChatRequest[];
  beforeEach(async () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'tok' })));
    await sessions.start();
    bodies = [];
    server.use(
      http.post('/api/chat', async ({ request }) => {
        bodies.push((await request.json()) as ChatRequest);
        return HttpResponse.json(makeAnswer());
      }),
      http.post('/api/conversations/:id/score', () => HttpResponse.json(makeScore())),
      http.get('/api/conversations/:id', () => HttpResponse.json(makeDetail())),
    );
  });
  afterEach(() => sessions.stop());

  it("sends a voice call's id with a message the browser heard, and none with a typed one", async () => {
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <I18nProvider>{children}</I18nProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useChat(), { wrapper });
    act(() => result.current.selectMode('Übung'));
    act(() => result.current.selectDifficulty(1));
    await act(() => result.current.start());

    let answer: string | null = null;
    await act(async () => {
      answer = await result.current.reply('Unser Angebot spart Ihnen Zeit.', null, undefined, CALL_ID);
    });
    expect(answer).toBe('Hallo. Das ist mir zu teuer.');
    await act(async () => {
      answer = await result.current.reply('Getippt.');
    });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ mode: 'Übung', difficulty: 1, message: 'Unser Angebot spart Ihnen Zeit.', callId: CALL_ID });
    expect(bodies[1]).toEqual({ conversationId: makeAnswer().conversationId, message: 'Getippt.' });
  });
});
