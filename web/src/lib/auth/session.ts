import type { AuthUser, Session } from '../api/types';

/**
 * The part of a session the browser keeps. The refresh token never reaches
 * JavaScript: it lives in an httpOnly cookie that the server sets and rotates.
 */
export interface StoredSession {
  access_token: string;
  /** Unix seconds. */
  expires_at: number;
  user: AuthUser;
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthSnapshot {
  status: AuthStatus;
  session: StoredSession | null;
  /** Whether the session lives in localStorage ('Angemeldet bleiben'). */
  remember: boolean;
}

export type AuthEventType = 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'SIGNED_OUT';

/** What travels between tabs on the BroadcastChannel 'sc-auth'. */
export type AuthMessage =
  | { type: 'SIGNED_IN' | 'TOKEN_REFRESHED'; session: StoredSession; remember: boolean }
  | { type: 'SIGNED_OUT' };

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LocksLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface SessionManagerOptions {
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Where remembered sessions live (localStorage). */
  persistentStorage?: Storage | null;
  /** Where tab-only sessions live (sessionStorage). */
  tabStorage?: Storage | null;
  channel?: ChannelLike | null;
  locks?: LocksLike | null;
  sleep?: (ms: number) => Promise<void>;
  /** Resolves an API path to a URL. */
  url?: (path: string) => string;
  checkIntervalMs?: number;
  /** A session expiring within this many seconds is refreshed. */
  refreshMarginSeconds?: number;
  maxAttempts?: number;
  backoffStartMs?: number;
}

export const STORAGE_KEY = 'sc.session';
export const CHANNEL_NAME = 'sc-auth';
export const LOCK_NAME = 'sc-auth-refresh';

const RETRYABLE_STATUS = new Set([502, 503, 504]);

type RefreshResult =
  | { kind: 'ok'; session: StoredSession }
  | { kind: 'unauthorized' }
  | { kind: 'failed' };

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.access_token === 'string' &&
    v.access_token !== '' &&
    typeof v.expires_at === 'number' &&
    typeof v.user === 'object' &&
    v.user !== null &&
    typeof (v.user as Record<string, unknown>).id === 'string'
  );
}

/** Reduces a server Session to what the browser stores. */
export function toStoredSession(session: Session): StoredSession {
  return { access_token: session.access_token, expires_at: session.expires_at, user: session.user };
}

function safeStorage(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** A mutex for one tab, used when the Web Locks API is missing. */
function createTabMutex(): LocksLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback, callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * Keeps the browser's session: storage, scheduled refresh with back-off,
 * cross-tab coordination (Web Locks + BroadcastChannel) and sign-out.
 */
export class SessionManager {
  private readonly opts: Required<
    Omit<SessionManagerOptions, 'persistentStorage' | 'tabStorage' | 'channel' | 'locks'>
  > & {
    persistentStorage: Storage | null | undefined;
    tabStorage: Storage | null | undefined;
    channel: ChannelLike | null | undefined;
    locks: LocksLike | null | undefined;
  };
  private snapshot: AuthSnapshot = { status: 'loading', session: null, remember: false };
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(type: AuthEventType) => void>();
  private started = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private channel: ChannelLike | null = null;
  private locks: LocksLike | null = null;
  private inflight: Promise<StoredSession | null> | null = null;
  private startPromise: Promise<void> | null = null;
  private readonly onMessage = (event: MessageEvent) => {
    this.handleMessage(event.data);
  };
  private readonly onVisible = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') {
      void this.check();
    }
  };

  constructor(options: SessionManagerOptions = {}) {
    this.opts = {
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      now: options.now ?? (() => Date.now()),
      persistentStorage: options.persistentStorage,
      tabStorage: options.tabStorage,
      channel: options.channel,
      locks: options.locks,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      url:
        options.url ??
        ((path) =>
          typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString()),
      checkIntervalMs: options.checkIntervalMs ?? 30_000,
      refreshMarginSeconds: options.refreshMarginSeconds ?? 90,
      maxAttempts: options.maxAttempts ?? 5,
      backoffStartMs: options.backoffStartMs ?? 200,
    };
  }

  // ---- storage -----------------------------------------------------------

  private persistent(): Storage | null {
    if (this.opts.persistentStorage !== undefined) return this.opts.persistentStorage;
    return typeof window === 'undefined' ? null : safeStorage(() => window.localStorage);
  }

  private tab(): Storage | null {
    if (this.opts.tabStorage !== undefined) return this.opts.tabStorage;
    return typeof window === 'undefined' ? null : safeStorage(() => window.sessionStorage);
  }

  private readFrom(storage: Storage | null): StoredSession | null {
    if (!storage) return null;
    try {
      const raw = storage.getItem(STORAGE_KEY);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      return isStoredSession(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** Reads the stored session; a remembered one wins. */
  private readStorage(): { session: StoredSession; remember: boolean } | null {
    const persisted = this.readFrom(this.persistent());
    if (persisted) return { session: persisted, remember: true };
    const tabOnly = this.readFrom(this.tab());
    if (tabOnly) return { session: tabOnly, remember: false };
    return null;
  }

  private writeStorage(session: StoredSession, remember: boolean): void {
    const target = remember ? this.persistent() : this.tab();
    const other = remember ? this.tab() : this.persistent();
    try {
      target?.setItem(STORAGE_KEY, JSON.stringify(session));
      other?.removeItem(STORAGE_KEY);
    } catch {
      // Storage full or disabled: the session still lives in memory.
    }
  }

  private clearStorage(): void {
    try {
      this.persistent()?.removeItem(STORAGE_KEY);
      this.tab()?.removeItem(STORAGE_KEY);
    } catch {
      // ignore
    }
  }

  // ---- state ------------------------------------------------------------------

  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Called for SIGNED_IN, TOKEN_REFRESHED and SIGNED_OUT, local or from another tab. */
  onAuthEvent(listener: (type: AuthEventType) => void): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  getSession(): StoredSession | null {
    return this.snapshot.session;
  }

  getAccessToken(): string | null {
    return this.snapshot.session?.access_token ?? null;
  }

  private setSnapshot(next: AuthSnapshot, event?: AuthEventType): void {
    this.snapshot = next;
    for (const l of this.listeners) l();
    if (event) for (const l of this.eventListeners) l(event);
  }

  private expiresSoon(session: StoredSession): boolean {
    return session.expires_at * 1000 - this.opts.now() < this.opts.refreshMarginSeconds * 1000;
  }

  private broadcast(message: AuthMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // a closed channel: other tabs catch up on their next check
    }
  }

  // ---- lifecycle ----------------------------------------------------------------

  /**
   * Reads the stored session, starts the 30 s check and listens to other tabs.
   * Without a stored session it tries one refresh (the cookie may exist).
   * Safe to call more than once.
   */
  start(): Promise<void> {
    if (this.startPromise) return this.startPromise;
    this.started = true;
    this.channel =
      this.opts.channel !== undefined
        ? this.opts.channel
        : typeof BroadcastChannel === 'undefined'
          ? null
          : new BroadcastChannel(CHANNEL_NAME);
    this.channel?.addEventListener('message', this.onMessage);
    const nav = typeof navigator === 'undefined' ? undefined : navigator;
    const webLocks = nav && 'locks' in nav ? (nav.locks as LocksLike | undefined) : undefined;
    this.locks =
      this.opts.locks !== undefined ? this.opts.locks : (webLocks ?? createTabMutex());
    if (!this.locks) this.locks = createTabMutex();
    this.timer = setInterval(() => void this.check(), this.opts.checkIntervalMs);
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', this.onVisible);
    }

    const stored = this.readStorage();
    if (stored && stored.session.expires_at * 1000 > this.opts.now()) {
      this.setSnapshot({ status: 'signedIn', session: stored.session, remember: stored.remember });
      this.startPromise = this.check().then(() => undefined);
    } else {
      this.setSnapshot({ status: 'loading', session: null, remember: stored?.remember ?? false });
      this.startPromise = this.refresh().then(() => undefined);
    }
    return this.startPromise;
  }

  /** Stops timers and listeners and forgets the in-memory state (tests). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.channel?.removeEventListener('message', this.onMessage);
    if (this.opts.channel === undefined) this.channel?.close();
    this.channel = null;
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', this.onVisible);
    }
    this.started = false;
    this.startPromise = null;
    this.inflight = null;
    this.snapshot = { status: 'loading', session: null, remember: false };
  }

  /** Refreshes the session when it expires within the margin. */
  async check(): Promise<StoredSession | null> {
    const session = this.snapshot.session;
    if (!session) return null;
    if (!this.expiresSoon(session)) return session;
    return this.refresh();
  }

  /** Stores a new session (after login, OAuth, anonymous sign-in) and tells other tabs. */
  signIn(session: Session | StoredSession, remember: boolean): void {
    const stored = 'token_type' in session ? toStoredSession(session) : session;
    this.writeStorage(stored, remember);
    this.setSnapshot({ status: 'signedIn', session: stored, remember }, 'SIGNED_IN');
    this.broadcast({ type: 'SIGNED_IN', session: stored, remember });
  }

  /** Moves the current session to localStorage (remember) or sessionStorage. */
  setRemember(remember: boolean): void {
    const session = this.snapshot.session;
    if (!session || this.snapshot.remember === remember) return;
    this.writeStorage(session, remember);
    this.setSnapshot({ ...this.snapshot, remember });
  }

  /** Ends the session on the server (best effort), here and in every other tab. */
  async signOut(): Promise<void> {
    const token = this.getAccessToken();
    try {
      await this.opts.fetch(this.opts.url('/api/auth/logout'), {
        method: 'POST',
        credentials: 'include',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    } catch {
      // the local sign-out still happens
    }
    this.signOutLocal(true);
  }

  private signOutLocal(broadcast: boolean): void {
    this.clearStorage();
    const hadSession = this.snapshot.session !== null;
    this.setSnapshot(
      { status: 'signedOut', session: null, remember: false },
      hadSession || broadcast ? 'SIGNED_OUT' : undefined,
    );
    if (broadcast) this.broadcast({ type: 'SIGNED_OUT' });
  }

  private handleMessage(data: unknown): void {
    if (!data || typeof data !== 'object') return;
    const message = data as AuthMessage;
    switch (message.type) {
      case 'SIGNED_IN':
      case 'TOKEN_REFRESHED': {
        if (!isStoredSession(message.session)) return;
        const current = this.snapshot.session;
        if (
          message.type === 'TOKEN_REFRESHED' &&
          current &&
          current.user.id === message.session.user.id &&
          current.expires_at > message.session.expires_at
        ) {
          return; // we hold a newer one
        }
        // A remembered session is in shared localStorage already; a tab-only
        // one goes into this tab's sessionStorage.
        this.writeStorage(message.session, message.remember);
        this.setSnapshot(
          { status: 'signedIn', session: message.session, remember: message.remember },
          message.type,
        );
        return;
      }
      case 'SIGNED_OUT':
        if (this.snapshot.status === 'signedOut' && !this.snapshot.session) return;
        this.signOutLocal(false);
        return;
    }
  }

  // ---- refresh -----------------------------------------------------------------

  /**
   * Refreshes the session through the refresh cookie. Runs inside the Web Lock
   * 'sc-auth-refresh' and re-reads storage first, so two tabs never rotate the
   * same cookie and a tab reuses a session another tab just obtained.
   * `failedToken`: the token a request was refused with (after a 401); a
   * different, still valid stored token is taken instead of refreshing.
   * Resolves to the session, or null when there is none (a 401 signs out).
   */
  refresh(options: { failedToken?: string } = {}): Promise<StoredSession | null> {
    if (this.inflight) return this.inflight;
    const locks = this.locks ?? createTabMutex();
    const run = locks
      .request(LOCK_NAME, async () => {
        const stored = this.readStorage();
        const candidate = stored?.session ?? this.snapshot.session;
        if (
          candidate &&
          candidate.access_token !== options.failedToken &&
          !this.expiresSoon(candidate)
        ) {
          if (candidate !== this.snapshot.session) {
            const remember = stored ? stored.remember : this.snapshot.remember;
            this.setSnapshot({ status: 'signedIn', session: candidate, remember }, 'TOKEN_REFRESHED');
          }
          return candidate;
        }
        const hadSession = this.snapshot.session !== null;
        const result = await this.requestRefresh();
        if (result.kind === 'ok') {
          const remember = stored?.remember ?? this.snapshot.remember;
          this.writeStorage(result.session, remember);
          this.setSnapshot(
            { status: 'signedIn', session: result.session, remember },
            hadSession ? 'TOKEN_REFRESHED' : 'SIGNED_IN',
          );
          this.broadcast({ type: 'TOKEN_REFRESHED', session: result.session, remember });
          return result.session;
        }
        if (result.kind === 'unauthorized') {
          // The cookie is gone or revoked: every tab shares it, so every tab ends.
          this.signOutLocal(hadSession);
          return null;
        }
        // Network trouble: keep a still valid session, else count as signed out.
        const current = this.snapshot.session;
        if (current && current.expires_at * 1000 > this.opts.now()) return current;
        if (this.snapshot.status !== 'signedOut' || current) this.signOutLocal(false);
        return null;
      })
      .finally(() => {
        this.inflight = null;
      });
    this.inflight = run;
    return run;
  }

  private async requestRefresh(): Promise<RefreshResult> {
    let delay = this.opts.backoffStartMs;
    for (let attempt = 1; attempt <= this.opts.maxAttempts; attempt++) {
      let retryable: boolean;
      try {
        const res = await this.opts.fetch(this.opts.url('/api/auth/refresh'), {
          method: 'POST',
          credentials: 'include',
          headers: { Accept: 'application/json' },
        });
        if (res.ok) {
          const body: unknown = await res.json();
          if (isStoredSession(body)) {
            return { kind: 'ok', session: toStoredSession(body as Session) };
          }
          return { kind: 'failed' };
        }
        // An unread error body keeps the request open in some browsers
        // (and makes page-load tools wait for it): release it.
        void res.body?.cancel().catch(() => undefined);
        if (res.status === 401) return { kind: 'unauthorized' };
        retryable = RETRYABLE_STATUS.has(res.status);
      } catch {
        retryable = true; // network error
      }
      if (!retryable || attempt === this.opts.maxAttempts) break;
      await this.opts.sleep(delay);
      delay *= 2;
    }
    return { kind: 'failed' };
  }

  /** True once start() ran (and stop() did not). */
  isStarted(): boolean {
    return this.started;
  }
}
