import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { boot } from './boot';
import { STORAGE_KEY } from '../lib/auth';
import { meQueryKey } from '../lib/api';
import { preflightQueryKey } from '../lib/realtime';
import { makeMe, makeSession, makeStoredSession, USER_ID } from '../testing/fixtures';
import { createTestQueryClient } from '../testing/render';
import { server } from '../testing/server';

function recordRequests() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return calls;
}

describe('boot', () => {
  afterEach(() => server.events.removeAllListeners());

  it('with a stored session reads the profile at once, before anything renders', async () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession()));
    const calls = recordRequests();
    const queryClient = createTestQueryClient();
    const booted = boot(queryClient, '/app/dashboard');
    // The request is under way synchronously, not after a render or a refresh.
    expect(queryClient.getQueryState(meQueryKey(USER_ID))?.fetchStatus).toBe('fetching');
    await booted;
    expect(queryClient.getQueryData(meQueryKey(USER_ID))).toEqual(makeMe());
    expect(calls).toEqual(['GET /api/me']);
  });

  it('without one refreshes through the cookie first, then reads the profile', async () => {
    server.use(http.post('/api/auth/refresh', () => HttpResponse.json(makeSession())));
    const calls = recordRequests();
    const queryClient = createTestQueryClient();
    await boot(queryClient, '/app/dashboard');
    expect(calls).toEqual(['POST /api/auth/refresh', 'GET /api/me']);
    expect(queryClient.getQueryData(meQueryKey(USER_ID))).toEqual(makeMe());
  });

  it('signed out reads nothing after the failed refresh', async () => {
    const calls = recordRequests();
    await boot(createTestQueryClient(), '/app/chat');
    expect(calls).toEqual(['POST /api/auth/refresh']);
  });

  it.each(['/app/chat', '/app/', '/app'])(
    'on the chat screen (%s) also reads its challenges and engine, side by side with the profile',
    async (path) => {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession()));
      const calls = recordRequests();
      const queryClient = createTestQueryClient();
      await boot(queryClient, path);
      for (const key of [meQueryKey(USER_ID), ['me', USER_ID, 'challenges'], preflightQueryKey]) {
        expect(queryClient.getQueryState(key)?.status).toBe('success');
      }
      expect(calls.sort()).toEqual(['GET /api/challenges', 'GET /api/chat/preflight', 'GET /api/me']);
    },
  );
});
