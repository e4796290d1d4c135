import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions, STORAGE_KEY } from '../auth';
import { makeSession, makeStoredSession } from '../../testing/fixtures';
import { server } from '../../testing/server';
import { setCurrentLanguage } from '../i18n/current';
import { api, ApiError } from './client';

async function signedIn(token = 'old') {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: token })));
  await sessions.start();
}

describe('api client', () => {
  afterEach(() => sessions.stop());

  it('sends the bearer token and parses JSON', async () => {
    await signedIn('tok');
    server.use(
      http.get('/api/thing', ({ request }) => HttpResponse.json({ auth: request.headers.get('Authorization') })),
    );
    await expect(api.get('/api/thing')).resolves.toEqual({ auth: 'Bearer tok' });
  });

  it('parses {error, details, fields} into an ApiError', async () => {
    server.use(
      http.post('/api/thing', () =>
        HttpResponse.json(
          { error: 'Ungültige Eingabe', details: 'mehr', fields: { email: 'Bitte prüfen' } },
          { status: 400 },
        ),
      ),
    );
    const err = await api.post('/api/thing', {}, { auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      message: 'Ungültige Eingabe',
      details: 'mehr',
      fields: { email: 'Bitte prüfen' },
    });
  });

  it('translates the server code into the UI language, fields and details too', async () => {
    server.use(
      http.post('/api/thing', () =>
        HttpResponse.json(
          {
            code: 'chat_limit',
            error: 'Monatslimit erreicht',
            params: { quota: 5 },
            details: 'Du hast dein monatliches Chat-Limit (5) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten.',
            detailsCode: 'chat_limit_details',
            fields: { email: { code: 'email_invalid', error: 'Bitte gib eine gültige E-Mail-Adresse ein.' } },
          },
          { status: 429 },
        ),
      ),
    );
    setCurrentLanguage('en');
    try {
      const err = await api.post('/api/thing', {}, { auth: false }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        status: 429,
        code: 'chat_limit',
        message: 'Monthly limit reached',
        details: 'You have reached your monthly chat limit (5). Please upgrade your plan to start more chats.',
        fields: { email: 'Please enter a valid email address.' },
        fieldCodes: { email: 'email_invalid' },
      });
      setCurrentLanguage('de');
      const de = await api.post('/api/thing', {}, { auth: false }).catch((e: unknown) => e);
      expect(de).toMatchObject({ message: 'Monatslimit erreicht', fields: { email: 'Bitte gib eine gültige E-Mail-Adresse ein.' } });
    } finally {
      setCurrentLanguage('de');
    }
  });

  it('reads Retry-After of a 429', async () => {
    server.use(
      http.post('/api/thing', () =>
        HttpResponse.json({ error: 'Zu viele Versuche' }, { status: 429, headers: { 'Retry-After': '30' } }),
      ),
    );
    const err = await api.post('/api/thing', {}, { auth: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, retryAfter: 30 });
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    await signedIn('old');
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/thing', ({ request }) => {
        const auth = request.headers.get('Authorization');
        seen.push(auth);
        return auth === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ error: 'abgelaufen' }, { status: 401 });
      }),
      http.post('/api/auth/refresh', () => HttpResponse.json(makeSession({ access_token: 'new' }))),
    );
    await expect(api.get('/api/thing')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(sessions.getAccessToken()).toBe('new');
  });

  it('signs out when the refresh after a 401 is refused', async () => {
    await signedIn('old');
    server.use(http.get('/api/thing', () => HttpResponse.json({ error: 'abgelaufen' }, { status: 401 })));
    const err = await api.get('/api/thing').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401 });
    expect(sessions.getSnapshot().status).toBe('signedOut');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    const err = await api.get('/api/thing', { auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isNetworkError).toBe(true);
  });
});
