import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeChange } from '../api/types';
import { RealtimeClient } from './client';

const encoder = new TextEncoder();

/** A stream with these events; it stays open unless `close` is set. */
function eventStream(text: string, { close = true, signal }: { close?: boolean; signal?: AbortSignal | null } = {}) {
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(encoder.encode(text));
      if (close) c.close();
      signal?.addEventListener('abort', () => {
        try {
          c.error(new DOMException('aborted', 'AbortError'));
        } catch {
          // closed
        }
      });
    },
  });
}

const sse = (body: ReadableStream<Uint8Array>, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });

interface Setup {
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  changes: RealtimeChange[];
  refresh: ReturnType<typeof vi.fn<(failed: string) => Promise<string | null>>>;
  token: { value: string | null };
  client: RealtimeClient;
}

function setup(impl: typeof fetch): Setup {
  const token = { value: 'tok-1' as string | null };
  const changes: RealtimeChange[] = [];
  const fetchMock = vi.fn<typeof fetch>(impl);
  const refresh = vi.fn<(failed: string) => Promise<string | null>>(() => {
    token.value = 'tok-2';
    return Promise.resolve('tok-2');
  });
  const client = new RealtimeClient({
    getToken: () => token.value,
    refreshToken: refresh,
    onChange: (c) => changes.push(c),
    fetch: fetchMock,
  });
  return { fetch: fetchMock, changes, refresh, token, client };
}

const authOf = (call: Parameters<typeof fetch> | undefined) =>
  (call?.[1]?.headers as Record<string, string> | undefined)?.Authorization;

describe('RealtimeClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reconnects after failures with delays of 1, 2, 5, 10 and then 10 s', async () => {
    const s = setup(() => Promise.reject(new TypeError('network down')));
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.fetch).toHaveBeenCalledTimes(1);

    const expectCallsAfter = async (ms: number, calls: number) => {
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(s.fetch).toHaveBeenCalledTimes(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(s.fetch).toHaveBeenCalledTimes(calls);
    };
    await expectCallsAfter(1_000, 2);
    await expectCallsAfter(2_000, 3);
    await expectCallsAfter(5_000, 4);
    await expectCallsAfter(10_000, 5);
    await expectCallsAfter(10_000, 6);
    s.client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.fetch).toHaveBeenCalledTimes(6);
  });

  it('sends the bearer token and passes change events on', async () => {
    const s = setup((_url, init) =>
      Promise.resolve(
        sse(
          eventStream(
            'event: ready\ndata: {}\n\n: ping\n\nevent: change\ndata: {"type":"conversation","op":"insert","id":"c1"}\n\n' +
              'event: change\ndata: {"type":"user","op":"update","id":"u1"}\n\nevent: change\ndata: nonsense\n\n' +
              'event: change\ndata: {"type":"resync","op":"","id":""}\n\n',
            { close: false, signal: init?.signal },
          ),
        ),
      ),
    );
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(authOf(s.fetch.mock.calls[0])).toBe('Bearer tok-1');
    expect(s.changes).toEqual([
      { type: 'conversation', op: 'insert', id: 'c1' },
      { type: 'user', op: 'update', id: 'u1' },
      { type: 'resync', op: '', id: '' },
    ]);
    s.client.stop();
  });

  it('a ready event resets the back-off: a stream the server ends is reopened after 1 s', async () => {
    const s = setup(() => Promise.resolve(sse(eventStream('event: ready\ndata: {}\n\nevent: expired\ndata: {}\n\n'))));
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 2; i <= 4; i++) {
      await vi.advanceTimersByTimeAsync(1_000);
      expect(s.fetch).toHaveBeenCalledTimes(i);
    }
    s.client.stop();
  });

  it('a superseded stream does not reconnect until resume()', async () => {
    const s = setup((_url, init) =>
      Promise.resolve(
        sse(
          s.fetch.mock.calls.length === 1
            ? eventStream('event: ready\ndata: {}\n\nevent: superseded\ndata: {}\n\n')
            : eventStream('event: ready\ndata: {}\n\n', { close: false, signal: init?.signal }),
        ),
      ),
    );
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.client.isSuperseded()).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(s.fetch).toHaveBeenCalledTimes(1);

    s.client.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.fetch).toHaveBeenCalledTimes(2);
    expect(s.client.isSuperseded()).toBe(false);
    s.client.resume(); // a stream that runs is left alone
    await vi.advanceTimersByTimeAsync(0);
    expect(s.fetch).toHaveBeenCalledTimes(2);
    s.client.stop();
  });

  it('after a 401 it refreshes the session and reconnects with the new token', async () => {
    let call = 0;
    const s = setup((_url, init) => {
      call++;
      if (call === 1) return Promise.resolve(new Response('{"error":"abgelaufen"}', { status: 401 }));
      return Promise.resolve(sse(eventStream('event: ready\ndata: {}\n\n', { close: false, signal: init?.signal })));
    });
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.refresh).toHaveBeenCalledWith('tok-1');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.fetch).toHaveBeenCalledTimes(2);
    expect(authOf(s.fetch.mock.calls[1])).toBe('Bearer tok-2');
    s.client.stop();
  });

  it('stops when the refresh says the session is gone', async () => {
    const s = setup(() => Promise.resolve(new Response('{}', { status: 401 })));
    s.refresh.mockImplementation(() => Promise.resolve(null));
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.fetch).toHaveBeenCalledTimes(1);
    expect(s.client.isRunning()).toBe(false);
  });

  it('gives up a connection that is not ready within 10 s and tries again', async () => {
    const s = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    const signal = s.fetch.mock.calls[0]?.[1]?.signal;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.fetch).toHaveBeenCalledTimes(2);
    s.client.stop();
  });

  it('stop() aborts the open stream', async () => {
    const s = setup((_url, init) =>
      Promise.resolve(sse(eventStream('event: ready\ndata: {}\n\n', { close: false, signal: init?.signal }))),
    );
    s.client.start();
    await vi.advanceTimersByTimeAsync(0);
    const signal = s.fetch.mock.calls[0]?.[1]?.signal;
    s.client.stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.fetch).toHaveBeenCalledTimes(1);
  });
});
