import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../../lib/auth';
import { makeAuthUser, makeMe, makeSession } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

type Calls = string[];

/** Records the order of the flow's calls. */
function recordFlow(
  options: {
    me?: Parameters<typeof makeMe>[0];
    isAdmin?: { status?: number; body?: unknown };
    streakStatus?: number;
    meStatus?: number;
  } = {},
) {
  const calls: Calls = [];
  const auth: Record<string, string | null> = {};
  // Like the server: once the terms are accepted (whichever handler answers
  // POST /api/me/terms), the profile says so, also to a later refetch (a
  // live update may ask again at any time).
  let accepted = false;
  server.events.on('response:mocked', ({ request, response }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/me/terms' && response.ok) accepted = true;
  });
  server.use(
    http.post('/api/auth/login', async ({ request }) => {
      calls.push(`login ${JSON.stringify(await request.json())}`);
      return HttpResponse.json(makeSession({ access_token: 'tok-login' }));
    }),
    http.post('/api/me/streak', ({ request }) => {
      calls.push('streak');
      auth.streak = request.headers.get('Authorization');
      return options.streakStatus
        ? HttpResponse.json({ error: 'kaputt' }, { status: options.streakStatus })
        : HttpResponse.json({ streak: 2, first: false });
    }),
    http.get('/api/me', ({ request }) => {
      calls.push('me');
      auth.me = request.headers.get('Authorization');
      return options.meStatus
        ? HttpResponse.json({ error: 'kaputt' }, { status: options.meStatus })
        : HttpResponse.json(
            makeMe(
              accepted
                ? { ...options.me, user: { ...options.me?.user, terms_version: 2, terms_accepted_at: '2025-06-01T12:00:00Z' } }
                : options.me,
            ),
          );
    }),
    http.get('/api/auth/is-admin', () => {
      calls.push('is-admin');
      const r = options.isAdmin ?? {};
      return HttpResponse.json(r.body ?? { isAdmin: false }, { status: r.status ?? 200 });
    }),
  );
  return { calls, auth };
}

afterEach(() => {
  server.events.removeAllListeners();
});

async function signIn(path = '/login', remember = false) {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Willkommen zurück' });
  await view.user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.com');
  await view.user.type(screen.getByLabelText('Passwort'), 'richtig1234');
  if (remember) await view.user.click(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' }));
  await view.user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return view;
}

describe('sign-in flow', () => {
  it('regular user: login → streak → profile → role check → /dashboard', async () => {
    const { calls, auth } = recordFlow();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(calls.slice(0, 4)).toEqual([
      'login {"email":"anna@example.com","password":"richtig1234","remember":false}',
      'streak',
      'me',
      'is-admin',
    ]);
    expect(auth.streak).toBe('Bearer tok-login');
    expect(auth.me).toBe('Bearer tok-login');
    // not remembered: the session lives in sessionStorage only
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toContain('tok-login');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("'Angemeldet bleiben' sends remember and keeps the session in localStorage", async () => {
    const { calls } = recordFlow();
    await signIn('/login', true);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(calls[0]).toContain('"remember":true');
    expect(window.localStorage.getItem(STORAGE_KEY)).toContain('tok-login');
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('admin goes to /admin-dashboard', async () => {
    recordFlow({ isAdmin: { body: { isAdmin: true } }, me: { user: { is_admin: true } } });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Übersicht' })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin-dashboard');
  });

  it('an admin who was in the training app in this tab still lands in the back-office', async () => {
    window.sessionStorage.setItem('sc.area', 'training');
    recordFlow({ isAdmin: { body: { isAdmin: true } }, me: { user: { is_admin: true } } });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Übersicht' })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin-dashboard');
    expect(window.sessionStorage.getItem('sc.area')).toBeNull();
  });

  it('a failed role check counts as a regular user and says so', async () => {
    recordFlow({ isAdmin: { status: 500, body: { error: 'kaputt' } } });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const notices = screen.getByRole('region', { name: 'Hinweise' });
    expect(within(notices).getByText('Rollenprüfung fehlgeschlagen')).toBeInTheDocument();
    expect(within(notices).getByText('Benutzerrolle konnte nicht ermittelt werden.')).toBeInTheDocument();
  });

  it('shows a returned reason as a notice', async () => {
    recordFlow({ isAdmin: { body: { isAdmin: false, reason: 'Kein Admin-Konto.' } } });
    await signIn();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(screen.getByRole('region', { name: 'Hinweise' })).getByText('Kein Admin-Konto.')).toBeInTheDocument();
  });

  it('a failing streak update never blocks the sign-in', async () => {
    recordFlow({ streakStatus: 500 });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("a failing profile read stops with 'Nutzerprofil konnte nicht geladen werden'", async () => {
    recordFlow({ meStatus: 500 });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nutzerprofil konnte nicht geladen werden');
    expect(currentPath()).toBe('/login');
  });

  describe('terms modal', () => {
    it('opens for terms version 1, Save disabled until ticked, then continues', async () => {
      const { calls } = recordFlow({
        me: { user: { terms_version: 1, terms_accepted_at: '2024-01-01T00:00:00Z' } },
      });
      const bodies: Record<string, unknown> = {};
      server.use(
        http.post('/api/me/terms', async ({ request }) => {
          bodies.terms = await request.json();
          return HttpResponse.json({ terms_accepted_at: '2025-06-01T12:00:00Z', terms_version: 2 });
        }),
        http.post('/api/consent', async ({ request }) => {
          bodies.consent = await request.json();
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const { user } = await signIn();
      const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbedingungen' });
      expect(calls).not.toContain('is-admin');
      const save = within(dialog).getByRole('button', { name: 'Speichern' });
      expect(save).toBeDisabled();
      expect(within(dialog).queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
      expect(save).toBeEnabled();
      await user.click(save);

      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(bodies.terms).toEqual({ userAgent: navigator.userAgent });
      expect(bodies.consent).toEqual({
        consentType: 'terms',
        termsVersion: 2,
        userAgent: navigator.userAgent,
      });
    });

    it('opens when the terms were never accepted; a failed consent report is ignored', async () => {
      recordFlow({ me: { user: { terms_version: 0, terms_accepted_at: null } } });
      server.use(
        http.post('/api/me/terms', () =>
          HttpResponse.json({ terms_accepted_at: '2025-06-01T12:00:00Z', terms_version: 2 }),
        ),
        http.post('/api/consent', () => HttpResponse.json({ error: 'kaputt' }, { status: 500 })),
      );
      const { user } = await signIn();
      const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbedingungen' });
      await user.click(within(dialog).getByRole('checkbox'));
      await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    });

    it("says 'Zustimmung konnte nicht gespeichert werden.' when saving fails", async () => {
      recordFlow({ me: { user: { terms_version: 1 } } });
      server.use(http.post('/api/me/terms', () => HttpResponse.json({ error: 'kaputt' }, { status: 500 })));
      const { user } = await signIn();
      const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbedingungen' });
      await user.click(within(dialog).getByRole('checkbox'));
      await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Zustimmung konnte nicht gespeichert werden.',
      );
      expect(currentPath()).toBe('/login');
    });

    it('cannot be dismissed with Escape; signing out is the way out', async () => {
      recordFlow({ me: { user: { terms_version: 1 } } });
      const { user } = await signIn();
      const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbedingungen' });
      const cancel = new Event('cancel', { cancelable: true });
      dialog.dispatchEvent(cancel);
      expect(cancel.defaultPrevented).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Abmelden' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
      expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    });
  });

  it("'Ohne Konto ausprobieren' signs in a guest, who meets the terms modal first", async () => {
    let accepted = false;
    server.use(
      http.post('/api/auth/anonymous', () =>
        HttpResponse.json(
          makeSession({ access_token: 'guest', user: makeAuthUser({ email: '', is_anonymous: true }) }),
        ),
      ),
      // like the server: after the acceptance the profile says so (a live update may refetch it)
      http.get('/api/me', () =>
        HttpResponse.json(
          makeMe({
            user: accepted
              ? { email: '', is_anonymous: true, terms_accepted_at: '2025-06-01T12:00:00Z', terms_version: 2 }
              : { email: '', is_anonymous: true, terms_accepted_at: null, terms_version: 0 },
          }),
        ),
      ),
      http.post('/api/me/terms', () => {
        accepted = true;
        return HttpResponse.json({ terms_accepted_at: '2025-06-01T12:00:00Z', terms_version: 2 });
      }),
      http.post('/api/consent', () => new HttpResponse(null, { status: 204 })),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Ohne Konto ausprobieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbedingungen' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Du nutzt Sales Coach als Gast.')).toBeInTheDocument();
  });
});
