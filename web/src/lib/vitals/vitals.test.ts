import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../testing/server';
import { pathAt, recordRoute, resetRoutes } from './index';
import { APP_PAGES, appPage, startReporter, type VitalMetric, type VitalReport } from './reporter';

describe('appPage', () => {
  it.each([
    ['/', '/'],
    ['/chat', '/chat'],
    ['/chat/', '/chat'],
    ['/Chat', '/chat'],
    ['/chat?new=1', '/chat'],
    ['/chat#top', '/chat'],
    ['/login?confirm=abc', '/login'],
    ['/call/0190-abc', '/call/:conversationId'],
    ['/call/', 'other'],
    ['/call/a/b', 'other'],
    ['/chat/0190-abc', 'other'],
    ['/users/0190-abc', 'other'],
    ['/app/chat', 'other'],
    ['', 'other'],
    ['/nirgendwo', 'other'],
  ])('%s → %s (as the server normalises it)', (path, page) => {
    expect(appPage(path)).toBe(page);
  });

  it('maps every route pattern to itself', () => {
    for (const page of APP_PAGES) expect(appPage(page)).toBe(page);
  });
});

describe('route history', () => {
  beforeEach(resetRoutes);

  it('names the path shown at a time, the first one before it', () => {
    expect(pathAt(100)).toBe('/');
    recordRoute('/', 10);
    recordRoute('/chat', 300);
    recordRoute('/chat', 350); // the same path: no new entry
    recordRoute('/dashboard', 900);
    expect(pathAt(0)).toBe('/');
    expect(pathAt(299)).toBe('/');
    expect(pathAt(300)).toBe('/chat');
    expect(pathAt(899.9)).toBe('/chat');
    expect(pathAt(5000)).toBe('/dashboard');
  });

  it('keeps the first route and the newest ones in a long session', () => {
    recordRoute('/login', 1);
    for (let i = 0; i < 300; i++) recordRoute(i % 2 ? '/chat' : '/dashboard', 10 + i);
    expect(pathAt(0)).toBe('/login');
    expect(pathAt(10 + 299)).toBe('/chat');
    expect(pathAt(10 + 298)).toBe('/dashboard');
  });
});

/** A web-vitals measurement whose entry happened at `at`. */
function metric(name: VitalMetric['name'], value: number, at: number | null, id = `${name}-1`): VitalMetric {
  return { name, value, id, entries: at === null ? [] : [{ startTime: at } as PerformanceEntry] };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the reporter', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    resetRoutes();
    recordRoute('/', 0);
    recordRoute('/chat', 200);
    recordRoute('/call/0190-abc', 2_000); // a path with an id, sent as its pattern
    recordRoute('/dashboard', 5_000);
  });
  afterEach(() => {
    stop?.();
    setVisibility('visible');
  });

  /** Starts the reporter with three subscriptions the test fires itself. */
  function start(send?: (metrics: VitalReport[]) => void) {
    const report: Partial<Record<VitalMetric['name'], (m: VitalMetric) => void>> = {};
    stop = startReporter({
      subscribe: (['LCP', 'INP', 'CLS'] as const).map((name) => (cb: (m: VitalMetric) => void) => {
        report[name] = cb;
      }),
      send,
      pathAt,
    });
    return (m: VitalMetric) => report[m.name]!(m);
  }

  it('POSTs what was measured when the page is hidden, each under the page it measured', async () => {
    const bodies: unknown[] = [];
    const received = new Promise<void>((resolve) => {
      server.use(
        http.post('/api/vitals', async ({ request }) => {
          expect(request.headers.get('content-type')).toBe('application/json');
          expect(request.headers.get('authorization')).toBeNull();
          bodies.push(await request.json());
          resolve();
          return new HttpResponse(null, { status: 204 });
        }),
      );
    });
    const fire = start();
    // LCP comes at the first click; CLS and INP when the page is hidden.
    fire(metric('LCP', 1834.5, 480));
    setVisibility('visible'); // shown again: nothing to send yet
    fire(metric('INP', 240, 6_000));
    fire(metric('CLS', 0, null));
    setVisibility('hidden');
    await received;
    expect(bodies).toEqual([
      {
        metrics: [
          { name: 'LCP', value: 1834.5, page: '/chat' },
          { name: 'INP', value: 240, page: '/dashboard' },
          // a CLS of 0 has no shift to date it: it belongs to the page load
          { name: 'CLS', value: 0, page: '/' },
        ],
      },
    ]);
  });

  it('sends each measurement once, the newest value while it waits, and nothing broken', () => {
    const sent: VitalReport[][] = [];
    const fire = start((metrics) => sent.push(metrics));
    setVisibility('hidden');
    expect(sent).toEqual([]); // nothing measured, nothing sent

    fire(metric('CLS', 0.05, 300, 'cls-a'));
    fire(metric('CLS', 0.08, 300, 'cls-a')); // the same page load's CLS grew before hiding
    fire(metric('LCP', Number.NaN, 300, 'lcp-nan'));
    fire(metric('LCP', -1, 300, 'lcp-negative'));
    setVisibility('hidden');
    expect(sent).toEqual([[{ name: 'CLS', value: 0.08, page: '/chat' }]]);

    // shown and hidden again: web-vitals reports the grown CLS once more; it was sent already
    setVisibility('visible');
    fire(metric('CLS', 0.3, 300, 'cls-a'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);

    // a later page load's measurement (a new id) goes out on pagehide too
    fire(metric('LCP', 900, 5_500, 'lcp-b'));
    fire(metric('INP', 120, 2_500, 'inp-b'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent[1]).toEqual([
      { name: 'LCP', value: 900, page: '/dashboard' },
      { name: 'INP', value: 120, page: '/call/:conversationId' },
    ]);
  });

  it('never sends more than the server takes in one report', () => {
    const sent: VitalReport[][] = [];
    const fire = start((metrics) => sent.push(metrics));
    for (let i = 0; i < 12; i++) fire(metric('CLS', i / 100, 300, `cls-${i}`));
    setVisibility('hidden');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(10);
  });

  it('stops listening when stopped', () => {
    const sent: VitalReport[][] = [];
    const fire = start((metrics) => sent.push(metrics));
    fire(metric('LCP', 1000, 300));
    stop!();
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
  });
});
