import { readEventStream } from '../api/sse';
import type { RealtimeChange } from '../api/types';

/** Waits between reconnects: 1, 2, 5, 10 s, then 10 s for ever. */
export const RECONNECT_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000];
/** A connection that has not said `ready` within this time is given up. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** The server pings every 25 s; this long without a byte means the connection is dead. */
export const IDLE_TIMEOUT_MS = 60_000;

export interface RealtimeOptions {
  /** The current access token (it changes when the session refreshes). */
  getToken: () => string | null;
  /** Refreshes after a 401; resolves to the new token, or null when signed out. */
  refreshToken: (failedToken: string) => Promise<string | null>;
  onChange: (change: RealtimeChange) => void;
  onReady?: () => void;
  url?: string;
  fetch?: typeof fetch;
  delays?: readonly number[];
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

type Timer = ReturnType<typeof setTimeout>;

function isChange(value: unknown): value is RealtimeChange {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.type === 'user' ||
      v.type === 'profile' ||
      v.type === 'conversation' ||
      v.type === 'feedback' ||
      v.type === 'team' ||
      v.type === 'resync') &&
    typeof v.op === 'string' &&
    typeof v.id === 'string'
  );
}

/**
 * One live-update stream (GET /api/realtime) with the bearer token, read with
 * fetch so the Authorization header can be sent (EventSource cannot). It
 * reconnects after every end or failure with the current token, backing off
 * 1, 2, 5, 10 s; a `ready` event resets the back-off.
 *
 * The server allows a user a few streams; a newer one ends the oldest with a
 * `superseded` event. That stream does not reconnect by itself (tabs would
 * take turns pushing each other out for ever) but waits for `resume()`, which
 * the app calls when the tab is used again.
 */
export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeOptions, 'onReady'>> & Pick<RealtimeOptions, 'onReady'>;
  private running = false;
  /** The server ended the stream for a newer one: wait for resume(). */
  private superseded = false;
  private attempt = 0;
  private controller: AbortController | null = null;
  private retryTimer: Timer | null = null;
  private connectTimer: Timer | null = null;
  private idleTimer: Timer | null = null;
  /** Counts connections so a stale one never schedules after a newer one. */
  private generation = 0;

  constructor(options: RealtimeOptions) {
    this.opts = {
      url: '/api/realtime',
      fetch: (input, init) => globalThis.fetch(input, init),
      delays: RECONNECT_DELAYS_MS,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      ...options,
    };
  }

  /** Opens the stream (no-op when it runs). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.superseded = false;
    this.attempt = 0;
    void this.connect();
  }

  /** Reopens a stream the server superseded (no-op otherwise). */
  resume(): void {
    if (!this.running || !this.superseded) return;
    this.superseded = false;
    this.attempt = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.clearTimers();
    this.controller?.abort();
    this.controller = null;
    void this.connect();
  }

  /** True while a superseded stream waits for resume(). */
  isSuperseded(): boolean {
    return this.superseded;
  }

  /** Closes the stream and cancels any pending reconnect. */
  stop(): void {
    this.running = false;
    this.generation++;
    this.clearTimers();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.controller?.abort();
    this.controller = null;
  }

  isRunning(): boolean {
    return this.running;
  }

  private clearTimers(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.connectTimer = null;
    this.idleTimer = null;
  }

  private resolveUrl(): string {
    return typeof window === 'undefined'
      ? this.opts.url
      : new URL(this.opts.url, window.location.origin).toString();
  }

  private async connect(): Promise<void> {
    this.retryTimer = null;
    if (!this.running) return;
    const generation = ++this.generation;
    const token = this.opts.getToken();
    if (!token) {
      this.scheduleReconnect(generation);
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.connectTimer = setTimeout(() => controller.abort(), this.opts.connectTimeoutMs);
    const touch = () => {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => controller.abort(), this.opts.idleTimeoutMs);
    };
    try {
      const res = await this.opts.fetch(this.resolveUrl(), {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        credentials: 'same-origin',
        cache: 'no-store',
        // A stream that never ends must not count as part of loading the page.
        priority: 'low',
        signal: controller.signal,
      });
      if (res.status === 401) {
        await res.body?.cancel().catch(() => undefined);
        this.clearTimers();
        const fresh = await this.opts.refreshToken(token);
        if (!fresh) {
          // signed out: the session's end stops us (and stop() may already have run)
          if (generation === this.generation) this.running = false;
          return;
        }
      } else if (res.ok && res.body) {
        touch();
        await readEventStream(res.body, {
          onEvent: (event) => {
            if (generation !== this.generation) return;
            touch();
            if (event.event === 'ready') {
              if (this.connectTimer) clearTimeout(this.connectTimer);
              this.connectTimer = null;
              this.attempt = 0;
              this.opts.onReady?.();
            } else if (event.event === 'change') {
              let parsed: unknown;
              try {
                parsed = JSON.parse(event.data);
              } catch {
                return;
              }
              if (isChange(parsed)) this.opts.onChange(parsed);
            } else if (event.event === 'superseded') {
              this.superseded = true;
            }
          },
          onComment: touch,
        });
      } else {
        await res.body?.cancel().catch(() => undefined);
      }
    } catch {
      // network failure, timeout or stop(): the reconnect below decides
    } finally {
      if (generation === this.generation) {
        this.clearTimers();
        if (this.controller === controller) this.controller = null;
      }
    }
    this.scheduleReconnect(generation);
  }

  private scheduleReconnect(generation: number): void {
    if (!this.running || this.superseded || generation !== this.generation) return;
    const delays = this.opts.delays;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 10_000;
    this.attempt++;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }
}
