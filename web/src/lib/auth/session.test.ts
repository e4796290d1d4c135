import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeStoredSession } from '../../testing/fixtures';
import {
  LOCK_NAME,
  SessionManager,
  STORAGE_KEY,
  type AuthMessage,
  type ChannelLike,
  type LocksLike,
  type SessionManagerOptions,
} from './session';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

/** Connects fake BroadcastChannels like tabs of one browser. */
function createHub() {
  const members = new Set<FakeChannel>();
  class FakeChannel implements ChannelLike {
    listeners = new Set<(event: MessageEvent) => void>();
    sent: AuthMessage[] = [];
    constructor() {
      members.add(this);
    }
    postMessage(message: unknown) {
      this.sent.push(message as AuthMessage);
      for (const other of members) {
        if (other === this) continue;
        queueMicrotask(() => {
          for (const l of other.listeners) l({ data: message } as MessageEvent);
        });
      }
    }
    addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.delete(listener);
    }
    close() {
      members.delete(this);
    }
  }
  return { channel: () => new FakeChannel() };
}

/** A lock shared by several managers, like navigator.locks across tabs. */
function createSharedLock(): LocksLike & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, cb: () => Promise<T>) {
      names.push(name);
      const run = tail.then(cb, cb);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const T0 = new Date('2025-06-01T12:00:00Z').getTime();
const nowS = () => Math.floor(Date.now() / 1000);

function setup(overrides: SessionManagerOptions = {}) {
  const local = new MemoryStorage();
  const tab = new MemoryStorage();
  const hub = createHub();
  const channel = hub.channel();
  const fetchMock = vi.fn<typeof fetch>();
  const manager = new SessionManager({
    fetch: fetchMock,
    persistentStorage: local,
    tabStorage: tab,
    channel,
    locks: null,
    url: (p) => `http://test${p}`,
    ...overrides,
  });
  return { manager, local, tab, channel, hub, fetchMock };
}

const refreshCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/refresh')).length;

describe('SessionManager', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts signed in from sessionStorage without a refresh while the session is fresh', async () => {
    const { manager, tab, fetchMock } = setup();
    tab.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 3600 })));
    await manager.start();
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', remember: false });
    expect(fetchMock).not.toHaveBeenCalled();
    manager.stop();
  });

  it('checks every 30 s and refreshes once the session expires within 90 s', async () => {
    const { manager, local, fetchMock } = setup();
    local.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 200 })));
    fetchMock.mockResolvedValue(json(makeSession({ access_token: 'access-2', expires_at: nowS() + 3600 })));
    await manager.start();
    expect(manager.getSnapshot().remember).toBe(true);

    // at 30, 60, 90 s the session still has >= 110 s left
    await vi.advanceTimersByTimeAsync(90_000);
    expect(refreshCalls(fetchMock)).toBe(0);
    // at 120 s only 80 s are left: refresh
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls(fetchMock)).toBe(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://test/api/auth/refresh');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });

    expect(manager.getAccessToken()).toBe('access-2');
    // a remembered session stays in localStorage
    expect(JSON.parse(local.getItem(STORAGE_KEY)!)).toMatchObject({ access_token: 'access-2' });
    manager.stop();
  });

  it('retries network errors and 502/503/504 with back-off from 200 ms, doubling', async () => {
    const { manager, tab, fetchMock } = setup();
    tab.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 60 })));
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response('', { status: 504 }))
      .mockResolvedValueOnce(json(makeSession({ access_token: 'access-5', expires_at: nowS() + 3600 })));

    void manager.start(); // expiring within 90 s: refresh at once
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls(fetchMock)).toBe(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(refreshCalls(fetchMock)).toBe(1);
    await vi.advanceTimersByTimeAsync(1); // +200 ms
    expect(refreshCalls(fetchMock)).toBe(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(refreshCalls(fetchMock)).toBe(2);
    await vi.advanceTimersByTimeAsync(1); // +400 ms
    expect(refreshCalls(fetchMock)).toBe(3);
    await vi.advanceTimersByTimeAsync(800); // +800 ms
    expect(refreshCalls(fetchMock)).toBe(4);
    await vi.advanceTimersByTimeAsync(1600); // +1600 ms
    expect(refreshCalls(fetchMock)).toBe(5);
    expect(manager.getAccessToken()).toBe('access-5');
    expect(manager.getSnapshot().status).toBe('signedIn');
    manager.stop();
  });

  it('gives up after 5 tries and keeps a still valid session', async () => {
    const { manager, tab, fetchMock } = setup();
    tab.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 60 })));
    fetchMock.mockImplementation(() => Promise.resolve(new Response('', { status: 503 })));
    void manager.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshCalls(fetchMock)).toBe(5);
    expect(manager.getSnapshot().status).toBe('signedIn');
    manager.stop();
  });

  it('does not retry other errors (e.g. 429)', async () => {
    const { manager, tab, fetchMock } = setup();
    tab.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 60 })));
    fetchMock.mockResolvedValue(json({ error: 'Zu viele Anfragen' }, 429));
    void manager.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refreshCalls(fetchMock)).toBe(1);
    expect(manager.getSnapshot().status).toBe('signedIn');
    manager.stop();
  });

  it('signs out on a 401 from refresh, clears storage and tells the other tabs', async () => {
    const { manager, tab, channel, fetchMock } = setup();
    tab.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 60 })));
    fetchMock.mockResolvedValue(json({ error: 'Keine gültige Sitzung' }, 401));
    const events: string[] = [];
    manager.onAuthEvent((e) => events.push(e));
    await manager.start();
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedOut', session: null });
    expect(tab.getItem(STORAGE_KEY)).toBeNull();
    expect(channel.sent).toContainEqual({ type: 'SIGNED_OUT' });
    expect(events).toContain('SIGNED_OUT');
    expect(refreshCalls(fetchMock)).toBe(1);
    manager.stop();
  });

  it('tries one refresh at start without a stored session (the cookie may exist)', async () => {
    const { manager, tab, channel, fetchMock } = setup();
    fetchMock.mockResolvedValue(json(makeSession({ access_token: 'from-cookie' })));
    expect(manager.getSnapshot().status).toBe('loading');
    await manager.start();
    expect(manager.getSnapshot().status).toBe('signedIn');
    expect(manager.getAccessToken()).toBe('from-cookie');
    expect(JSON.parse(tab.getItem(STORAGE_KEY)!)).toMatchObject({ access_token: 'from-cookie' });
    expect(channel.sent.map((m) => m.type)).toEqual(['TOKEN_REFRESHED']);
    manager.stop();
  });

  it('is simply signed out at start when there is no cookie (and does not sign out other tabs)', async () => {
    const { manager, channel, fetchMock } = setup();
    fetchMock.mockResolvedValue(json({ error: 'Keine gültige Sitzung' }, 401));
    await manager.start();
    expect(manager.getSnapshot().status).toBe('signedOut');
    expect(channel.sent).toEqual([]);
    manager.stop();
  });

  it('stores a remembered sign-in in localStorage, else in sessionStorage, and broadcasts it', async () => {
    const { manager, local, tab, channel, fetchMock } = setup();
    fetchMock.mockResolvedValue(json({}, 401));
    await manager.start();
    manager.signIn(makeSession({ access_token: 'a' }), true);
    expect(local.getItem(STORAGE_KEY)).toContain('"a"');
    expect(tab.getItem(STORAGE_KEY)).toBeNull();
    manager.signIn(makeSession({ access_token: 'b' }), false);
    expect(tab.getItem(STORAGE_KEY)).toContain('"b"');
    expect(local.getItem(STORAGE_KEY)).toBeNull();
    expect(channel.sent.map((m) => m.type)).toEqual(['SIGNED_IN', 'SIGNED_IN']);
    // only what the spec asks to keep: token, expiry, user
    expect(Object.keys(JSON.parse(tab.getItem(STORAGE_KEY)!) as object).sort()).toEqual([
      'access_token',
      'expires_at',
      'user',
    ]);
    manager.stop();
  });

  it('signs out through the server, here and in every tab', async () => {
    const { manager, tab, channel, fetchMock } = setup();
    tab.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'tok' })));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await manager.start();
    await manager.signOut();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://test/api/auth/logout');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(manager.getSnapshot().status).toBe('signedOut');
    expect(tab.getItem(STORAGE_KEY)).toBeNull();
    expect(channel.sent).toContainEqual({ type: 'SIGNED_OUT' });
    manager.stop();
  });

  it('follows SIGNED_OUT and TOKEN_REFRESHED from another tab', async () => {
    const local = new MemoryStorage();
    const hub = createHub();
    const lock = createSharedLock();
    const fetchA = vi.fn<typeof fetch>();
    const fetchB = vi.fn<typeof fetch>();
    const common = { persistentStorage: local, locks: lock, url: (p: string) => `http://test${p}` };
    const a = new SessionManager({ ...common, fetch: fetchA, tabStorage: new MemoryStorage(), channel: hub.channel() });
    const b = new SessionManager({ ...common, fetch: fetchB, tabStorage: new MemoryStorage(), channel: hub.channel() });
    local.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 3600 })));
    await a.start();
    await b.start();

    fetchA.mockResolvedValue(json(makeSession({ access_token: 'newer', expires_at: nowS() + 7200 })));
    await a.refresh({ failedToken: 'access-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.getAccessToken()).toBe('newer');

    fetchA.mockResolvedValue(new Response(null, { status: 204 }));
    await a.signOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.getSnapshot().status).toBe('signedOut');
    expect(fetchB).not.toHaveBeenCalled();
    a.stop();
    b.stop();
  });

  it('never lets two tabs rotate the same cookie: the second re-reads storage inside the lock', async () => {
    const local = new MemoryStorage();
    const hub = createHub();
    const lock = createSharedLock();
    const fetchA = vi.fn<typeof fetch>();
    const fetchB = vi.fn<typeof fetch>();
    const common = { persistentStorage: local, locks: lock, url: (p: string) => `http://test${p}` };
    const a = new SessionManager({ ...common, fetch: fetchA, tabStorage: new MemoryStorage(), channel: hub.channel() });
    const b = new SessionManager({ ...common, fetch: fetchB, tabStorage: new MemoryStorage(), channel: hub.channel() });
    local.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ expires_at: nowS() + 300 })));
    await a.start();
    await b.start();

    // Both tabs reach the expiry margin at the same time.
    let release: (r: Response) => void = () => undefined;
    fetchA.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    fetchB.mockResolvedValue(json(makeSession({ access_token: 'b-token' })));
    vi.setSystemTime(T0 + 250_000);
    const pa = a.check();
    const pb = b.check();
    await vi.advanceTimersByTimeAsync(0);
    release(json(makeSession({ access_token: 'a-token', expires_at: nowS() + 3600 })));
    await Promise.all([pa, pb]);

    expect(fetchA).toHaveBeenCalledTimes(1);
    expect(fetchB).not.toHaveBeenCalled();
    expect(b.getAccessToken()).toBe('a-token');
    expect(lock.names.every((n) => n === LOCK_NAME)).toBe(true);
    a.stop();
    b.stop();
  });

  it('after a 401 elsewhere takes a newer stored token instead of refreshing', async () => {
    const { manager, local, fetchMock } = setup();
    local.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'old' })));
    await manager.start();
    local.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'fresh' })));
    const session = await manager.refresh({ failedToken: 'old' });
    expect(session?.access_token).toBe('fresh');
    expect(fetchMock).not.toHaveBeenCalled();
    manager.stop();
  });

  it('shares one refresh between concurrent callers in a tab', async () => {
    const { manager, tab, fetchMock } = setup();
    tab.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'old' })));
    await manager.start();
    fetchMock.mockResolvedValue(json(makeSession({ access_token: 'new' })));
    const results = await Promise.all([
      manager.refresh({ failedToken: 'old' }),
      manager.refresh({ failedToken: 'old' }),
      manager.refresh({ failedToken: 'old' }),
    ]);
    expect(results.map((s) => s?.access_token)).toEqual(['new', 'new', 'new']);
    expect(refreshCalls(fetchMock)).toBe(1);
    manager.stop();
  });

  it('uses the Web Locks API when the browser has it', async () => {
    const lock = createSharedLock();
    const { manager, fetchMock } = setup({ locks: lock });
    fetchMock.mockResolvedValue(json({}, 401));
    await manager.start();
    expect(lock.names).toEqual(['sc-auth-refresh']);
    manager.stop();
  });
});
