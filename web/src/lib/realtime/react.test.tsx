import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessions, STORAGE_KEY } from '../auth';
import { makeStoredSession, USER_ID } from '../../testing/fixtures';
import { openRealtimeStream } from '../../testing/handlers';
import { createTestQueryClient, renderApp, screen } from '../../testing/render';
import { server } from '../../testing/server';
import { invalidateForChange } from './invalidate';
import { useRealtime } from './react';

const change = (type: string, op: string, id: string) =>
  `event: change\ndata: ${JSON.stringify({ type, op, id })}\n\n`;

/**
 * Signs a user in and serves GET /api/realtime: the first stream with
 * `first` (then it ends), every later one open after a ready event.
 * Returns how many streams were asked for so far.
 */
async function signedInWithFirstStream(first: string): Promise<() => number> {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'live' })));
  await sessions.start();
  let calls = 0;
  server.use(
    http.get('/api/realtime', ({ request }) => {
      calls++;
      if (calls === 1) return new Response(first, { headers: { 'Content-Type': 'text/event-stream' } });
      return openRealtimeStream(request, 'event: ready\ndata: {}\n\n');
    }),
  );
  return () => calls;
}

const providerFor =
  (qc: ReturnType<typeof createTestQueryClient>) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;

describe('live updates', () => {
  it('maps each change to the queries it touches', () => {
    const qc = createTestQueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    invalidateForChange(qc, { type: 'user', op: 'update', id: 'u' });
    // a user change may be PayPal's: the plan and its quota come along
    expect(spy.mock.calls.map((c) => c[0])).toEqual([
      { queryKey: ['me'] },
      { queryKey: ['subscription'] },
      { queryKey: ['usage'] },
    ]);
    spy.mockClear();
    invalidateForChange(qc, { type: 'profile', op: 'update', id: 'u' });
    expect(spy.mock.calls.map((c) => c[0])).toEqual([{ queryKey: ['me'] }]);
    spy.mockClear();
    invalidateForChange(qc, { type: 'conversation', op: 'update', id: 'c1' });
    expect(spy.mock.calls.map((c) => c[0])).toEqual([
      { queryKey: ['conversations'] },
      { queryKey: ['conversation', 'c1'] },
      { queryKey: ['usage'] },
      { queryKey: ['chat-preflight'] },
    ]);
    spy.mockClear();
    invalidateForChange(qc, { type: 'feedback', op: 'update', id: 'f1' });
    expect(spy.mock.calls.map((c) => c[0])).toEqual([{ queryKey: ['feedback'] }]);
    spy.mockClear();
    // The server dropped changes for this stream: refetch everything.
    invalidateForChange(qc, { type: 'resync', op: '', id: '' });
    expect(spy.mock.calls.map((c) => c[0])).toEqual([undefined]);
  });

  it('invalidates on change events of the stream and closes it on unmount', async () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'live' })));
    await sessions.start();
    const seen: { signal: AbortSignal | null; auth: string | null } = { signal: null, auth: null };
    server.use(
      http.get('/api/realtime', ({ request }) => {
        seen.signal = request.signal;
        seen.auth = request.headers.get('Authorization');
        return openRealtimeStream(
          request,
          'event: ready\ndata: {}\n\n' + change('conversation', 'insert', 'c9') + change('profile', 'update', USER_ID),
        );
      }),
    );
    const qc = createTestQueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useRealtime(USER_ID), { wrapper });
    await waitFor(() => expect(spy).toHaveBeenCalledWith({ queryKey: ['conversation', 'c9'] }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith({ queryKey: ['me'] }));
    expect(spy).toHaveBeenCalledWith({ queryKey: ['conversations'] });
    expect(seen.auth).toBe('Bearer live');
    unmount();
    await waitFor(() => expect(seen.signal?.aborted).toBe(true));
  });

  it('a stream superseded by newer tabs comes back only when this tab is used again', async () => {
    const calls = await signedInWithFirstStream('event: ready\ndata: {}\n\nevent: superseded\ndata: {}\n\n');
    const wrapper = providerFor(createTestQueryClient());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { unmount } = renderHook(() => useRealtime(USER_ID), { wrapper });
      await waitFor(() => expect(calls()).toBe(1));
      // Far past every reconnect delay: still the one call.
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(calls()).toBe(1);
      window.dispatchEvent(new Event('focus'));
      await waitFor(() => expect(calls()).toBe(2));
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server that stops tells the stream to reconnect: it does, and the open chat reloads', async () => {
    const calls = await signedInWithFirstStream('event: ready\ndata: {}\n\nretry: 1000\nevent: reconnect\ndata: {}\n\n');
    const qc = createTestQueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { unmount } = renderHook(() => useRealtime(USER_ID), { wrapper: providerFor(qc) });
      await waitFor(() => expect(calls()).toBe(1));
      expect(spy).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      await waitFor(() => expect(calls()).toBe(2));
      await waitFor(() => expect(spy).toHaveBeenCalledWith({ queryKey: ['conversation'] }));
      expect(spy).toHaveBeenCalledWith({ queryKey: ['conversations'] });
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the app opens one stream while signed in and stops it on sign-out', async () => {
    const signals: AbortSignal[] = [];
    server.use(
      http.get('/api/realtime', ({ request }) => {
        signals.push(request.signal);
        return openRealtimeStream(request);
      }),
    );
    const { user } = renderApp('/dashboard', { session: true });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await waitFor(() => expect(signals.filter((s) => !s.aborted)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    await waitFor(() => expect(signals.every((s) => s.aborted)).toBe(true));
  });
});
