import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, type ChatAnswer } from '../../../lib/api';
import { sessions, STORAGE_KEY } from '../../../lib/auth';
import { makeStoredSession } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { controlledSse, sseEvent, sseResponse } from '../../../testing/sse';
import { sendChatMessage, StreamError } from './send-message';

const answer: ChatAnswer = {
  message: 'Hallo. Zu teuer.',
  conversationId: '6f1c1c8e-0000-4000-8000-000000000001',
  userMessageId: 'u1',
  assistantMessageId: 'a1',
  stage: 1,
  totalStages: 1,
  progress: 0,
  completed: false,
  title: 'Hallo',
  score: null,
};

async function signedIn() {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'tok' })));
  await sessions.start();
}

const nextTick = () => new Promise((r) => setTimeout(r, 0));

describe('sendChatMessage (SSE)', () => {
  afterEach(() => sessions.stop());

  it('asks for a stream with the bearer token and the JSON body', async () => {
    await signedIn();
    let seen: { accept: string | null; auth: string | null; body: unknown } | null = null;
    server.use(
      http.post('/api/chat', async ({ request }) => {
        seen = {
          accept: request.headers.get('Accept'),
          auth: request.headers.get('Authorization'),
          body: await request.json(),
        };
        return sseResponse([sseEvent('done', answer)]);
      }),
    );
    await expect(sendChatMessage({ mode: 'Übung', difficulty: 1, message: 'Hallo' })).resolves.toEqual(answer);
    expect(seen).toEqual({
      accept: 'text/event-stream',
      auth: 'Bearer tok',
      body: { mode: 'Übung', difficulty: 1, message: 'Hallo' },
    });
  });

  it('hands over token events one by one while the stream is open, then the done answer', async () => {
    await signedIn();
    const sse = controlledSse();
    server.use(http.post('/api/chat', () => sse.response()));
    const tokens: string[] = [];
    const pending = sendChatMessage({ conversationId: answer.conversationId, message: 'x' }, {
      onToken: (t) => tokens.push(t),
    });
    let settled = false;
    void pending.finally(() => {
      settled = true;
    });

    sse.push(sseEvent('token', { text: 'Hallo. ' }));
    await expect.poll(() => tokens).toEqual(['Hallo. ']);
    sse.push(sseEvent('token', { text: 'Zu ' }) + 'event: token\ndata: {"te');
    await expect.poll(() => tokens).toEqual(['Hallo. ', 'Zu ']);
    sse.push('xt":"teuer."}\n\n');
    await expect.poll(() => tokens).toEqual(['Hallo. ', 'Zu ', 'teuer.']);
    await nextTick();
    expect(settled).toBe(false);

    sse.push(sseEvent('done', answer));
    sse.close();
    await expect(pending).resolves.toEqual(answer);
  });

  it('turns an error event into a StreamError with the server text', async () => {
    await signedIn();
    server.use(
      http.post('/api/chat', () =>
        sseResponse([
          sseEvent('token', { text: 'Hal' }),
          sseEvent('error', { error: 'Leider ist ein Fehler aufgetreten.', details: 'Modell nicht erreichbar' }),
        ]),
      ),
    );
    const err = await sendChatMessage({ message: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamError);
    expect(err).toMatchObject({ message: 'Leider ist ein Fehler aufgetreten.', details: 'Modell nicht erreichbar' });
  });

  it('keeps the retryAfter of an error event (a stream has no Retry-After header any more)', async () => {
    await signedIn();
    server.use(
      http.post('/api/chat', () =>
        sseResponse([
          sseEvent('token', { text: 'Hal' }),
          sseEvent('error', { error: 'Der KI-Kunde ist gerade nicht erreichbar.', retryAfter: 30 }),
        ]),
      ),
    );
    const err = await sendChatMessage({ message: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamError);
    expect(err).toMatchObject({ retryAfter: 30 });
  });

  it('reads a 503 with Retry-After', async () => {
    await signedIn();
    server.use(
      http.post('/api/chat', () =>
        HttpResponse.json({ error: 'x', retryAfter: 45 }, { status: 503, headers: { 'Retry-After': '45' } }),
      ),
    );
    const err = await sendChatMessage({ message: 'x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, retryAfter: 45 });
  });

  it('reads a non-2xx answer as a normal JSON error', async () => {
    await signedIn();
    server.use(
      http.post('/api/chat', () =>
        HttpResponse.json(
          {
            error: 'Monatslimit erreicht',
            details: 'Du hast dein monatliches Chat-Limit (5) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten.',
          },
          { status: 429 },
        ),
      ),
    );
    const err = await sendChatMessage({ mode: 'Übung', difficulty: 1, message: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(StreamError);
    expect(err).toMatchObject({ status: 429, message: 'Monatslimit erreicht', retryAfter: undefined });
  });

  it('accepts a JSON answer from a server that does not stream', async () => {
    await signedIn();
    server.use(http.post('/api/chat', () => HttpResponse.json(answer)));
    await expect(sendChatMessage({ message: 'x' })).resolves.toEqual(answer);
  });

  it('treats a stream that ends without done as a network failure', async () => {
    await signedIn();
    server.use(http.post('/api/chat', () => sseResponse([sseEvent('token', { text: 'Hal' })])));
    const err = await sendChatMessage({ message: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isNetworkError).toBe(true);
  });
});
