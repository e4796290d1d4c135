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
/** GET /api/voice of a server with the OpenAI audio API for listening and Polly for speaking. */
export const VOICE_SETTINGS = {
  stt: { provider: 'openai' },
  tts: { provider: 'polly', voice: 'Vicki', engine: 'neural', languageCode: 'de-DE' },
  maxRecordingMs: 20000,
  silenceThreshold: 0.01,
  silenceMs: 1500,
  minTranscriptChars: 2,
  maxTextChars: 3000,
};

/** An admin: the profile's is_admin (what a reload reads) and the role check (what sign-in asks). */
export function adminHandlers(me = makeMe({ user: { is_admin: true } })) {
  return [
    http.get('/api/me', () => HttpResponse.json(me)),
    http.get('/api/auth/is-admin', () => HttpResponse.json({ isAdmin: true })),
  ];
}

export const handlers = [
  http.get('/api/auth/providers', () => HttpResponse.json({ google: false, apple: false })),
  http.post('/api/auth/refresh', () => HttpResponse.json({ error: 'Keine gültige Sitzung' }, { status: 401 })),
  http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/track', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/vitals', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/me/streak', () => HttpResponse.json({ streak: 1, first: true })),
  http.get('/api/me', () => HttpResponse.json(makeMe())),
  http.get('/api/auth/is-admin', () => HttpResponse.json({ isAdmin: false })),
  // In no team (issue 27) unless a test says otherwise.
  http.get('/api/team', () => HttpResponse.json({ error: 'Du bist in keinem Team.', code: 'team_not_found' }, { status: 404 })),
  http.get('/api/realtime', ({ request }) => openRealtimeStream(request)),
  http.get('/api/conversations', () => HttpResponse.json([])),
  http.get('/api/chat/preflight', () => HttpResponse.json({ allowed: true, limit: 5, used: 0, engine: 'builtin', plansForSale: true, renewsOn: '2026-12-01' })),
  http.get('/api/voice', () => HttpResponse.json(VOICE_SETTINGS)),
  http.get('/api/tone-presets', () => HttpResponse.json(TONE_PRESETS)),
  http.get('/api/me/usage', () =>
    HttpResponse.json({ used: 2, quota: 5, plan: 'free', cycleStart: '2025-06-01T00:00:00Z' }),
  ),
  http.get('/api/subscription', () =>
    HttpResponse.json({
      tier: 'free',
      status: '',
      paypal_id: '',
      plan_id: '',
      cancel_at_period_end: false,
      cancel_at: null,
      cycle_start: null,
    }),
  ),
  // Payments are off unless a test says otherwise.
  http.get('/api/paypal/config', () =>
    HttpResponse.json({ configured: false, clientId: '', plans: {}, prices: { plus: 29, elite: 99 }, currency: 'EUR' }),
  ),
  http.get('/api/challenges', () => HttpResponse.json(makeChallenges())),
  http.get('/api/referrals', () => HttpResponse.json([])),
  http.get('/api/me/assignments', () => HttpResponse.json({ assignments: [] })),
  http.get('/api/referrals/code', () => HttpResponse.json({ code: '' })),
  http.get('/api/me/totp', () =>
    HttpResponse.json({ enabled: false, pending: false, recoveryCodesLeft: 0, required: false }),
  ),
  // Deletion asks for the password unless a test says otherwise.
  http.get('/api/me/reauth', () => HttpResponse.json({ method: 'password', providers: [], verified: false, expiresAt: 0, twoFactor: false })),
  http.get('/api/feedback', () => HttpResponse.json([])),
  // The core back-office screens, empty (admin tests replace what they look at).
  http.get('/api/admin/overview', () =>
    HttpResponse.json({
      users: 0,
      activeSessions: 0,
      openFeedback: 0,
      chatsToday: 0,
      chatsMonth: 0,
      newUsersPerDay: [],
      newestUsers: [],
    }),
  ),
  http.get('/api/admin/users', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('/api/admin/teams', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('/api/admin/conversations', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('/api/admin/feedback', () => HttpResponse.json({ items: [], total: 0 })),
  http.get('/api/admin/compliance', () =>
    HttpResponse.json({ terms: { v1: 0, v2: 0, other: 0, without: 0 }, audit: { days: 30, total: 0, v1: 0, v2: 0 } }),
  ),
  // Analytics, challenges, token management and settings, empty.
  http.get('/api/admin/analytics', ({ request }) => {
    const metric = new URL(request.url).searchParams.get('metric');
    if (metric === 'visitorsBySource') {
      const sources = ['google', 'ai-tool', 'instagram', 'youtube', 'tiktok', 'linkedin', 'direct', 'other'];
      return HttpResponse.json({ visitorsBySource: Object.fromEntries(sources.map((s) => [s, 0])) });
    }
    if (metric === 'visitorsByPage') return HttpResponse.json({ visitorsByPage: { landing: 0, login: 0, app: 0 } });
    return HttpResponse.json({ visitors: 0 });
  }),
  http.get('/api/admin/page-visits', () =>
    HttpResponse.json([{ landing: 0, impressum: 0, registrierung: 0, chatbot: 0 }]),
  ),
  http.get('/api/admin/challenges', () => HttpResponse.json({ challenges: [], top: [] })),
  http.get('/api/admin/usage', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const none = { tokensIn: 0, tokensOut: 0, tokens: 0, calls: 0 };
    return HttpResponse.json({
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      totals: { ...none, users: 0 },
      byPlan: [],
      users: [],
      total: 0,
    });
  }),
  http.get('/api/admin/settings', () =>
    HttpResponse.json({ engine: { name: 'builtin', model: '', baseUrl: '' }, plans: [], paypalConfigured: false }),
  ),
  http.get('/api/admin/tone-presets', () => HttpResponse.json([])),
  http.get('/api/admin/promo-codes', () => HttpResponse.json([])),
];
