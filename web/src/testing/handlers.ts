import { http, HttpResponse } from 'msw';
import { makeChallenges, makeMe, TONE_PRESETS } from './fixtures';

/** A live-update stream that says `ready` and then stays open until the client leaves. */
export function openRealtimeStream(request: Request, events = 'event: ready\ndata: {}\n\n'): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(events));
      request.signal.addEventListener('abort', () => {
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
  });
  return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** The API answers every test starts with: a regular, signed-out visitor. */
export const handlers = [
  http.get('/api/auth/providers', () => HttpResponse.json({ google: false, apple: false })),
  http.post('/api/auth/refresh', () => HttpResponse.json({ error: 'Keine gültige Sitzung' }, { status: 401 })),
  http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/track', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/me/streak', () => HttpResponse.json({ streak: 1, first: true })),
  http.get('/api/me', () => HttpResponse.json(makeMe())),
  http.get('/api/auth/is-admin', () => HttpResponse.json({ isAdmin: false })),
  http.get('/api/realtime', ({ request }) => openRealtimeStream(request)),
  http.get('/api/conversations', () => HttpResponse.json([])),
  http.get('/api/chat/preflight', () => HttpResponse.json({ allowed: true, limit: 5, used: 0, engine: 'builtin' })),
  http.get('/api/tone-presets', () => HttpResponse.json(TONE_PRESETS)),
  http.get('/api/me/usage', () =>
    HttpResponse.json({ used: 2, quota: 5, plan: 'free', cycleStart: '2025-06-01T00:00:00Z' }),
  ),
  http.get('/api/subscription', () =>
    HttpResponse.json({
      tier: 'free',
      status: '',
      plan_id: '',
      cancel_at_period_end: false,
      cancel_at: null,
      cycle_start: null,
    }),
  ),
  http.get('/api/challenges', () => HttpResponse.json(makeChallenges())),
  http.get('/api/referrals', () => HttpResponse.json([])),
];
