import { adminHandlers } from '../testing/handlers';
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../lib/auth';
import { makeAuthUser, makeMe, makeStoredSession } from '../testing/fixtures';
import { currentPath, renderApp, screen } from '../testing/render';
import { server } from '../testing/server';

import { navigation } from '../lib/navigation';

function asAdmin() {
  server.use(...adminHandlers());
}

describe('signed out', () => {
  it.each(['/', '/chat', '/dashboard', '/call/7d0f', '/admin-dashboard', '/irgendwas'])(
    '%s leads to /login',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
      expect(currentPath()).toBe('/login');
    },
  );

  it.each([
    ['/help', 'Hilfe & Anleitung'],
    ['/feedback', 'Feedback'],
  ])('%s is open', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/app/login');
  });

  it('a refresh cookie alone restores the session at start', async () => {
    const calls: string[] = [];
    server.use(
      http.post('/api/auth/refresh', () => {
        calls.push('refresh');
        return HttpResponse.json({
          access_token: 'from-cookie',
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: Math.floor(Date.now() / 1000) + 3600,
          user: makeAuthUser(),
        });
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(calls).toEqual(['refresh']);
  });
});

describe('regular user', () => {
  it.each([
    ['/', '/chat', 'Chat'],
    ['/chat', '/chat', 'Chat'],
    ['/call/5e1f0a2c', '/chat', 'Chat'],
    ['/dashboard', '/dashboard', 'Dashboard'],
    ['/help', '/help', 'Hilfe & Anleitung'],
    ['/feedback', '/feedback', 'Feedback'],
    ['/admin-dashboard', '/chat', 'Chat'],
    ['/users', '/chat', 'Chat'],
    ['/gibt-es-nicht', '/chat', 'Chat'],
  ])('%s → %s', async (path, target, heading) => {
    renderApp(path, { session: true });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe(target);
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
  });

  it('/feedback is the feedback page with the own submissions', async () => {
    renderApp('/feedback', { session: true });
    expect(await screen.findByRole('form', { name: 'Feedback senden' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Deine letzten Einsendungen' })).toBeInTheDocument();
  });

  it('a reload takes the role from the profile: one request, no role check in a row after it', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/auth/is-admin', () => {
        calls.push('is-admin');
        return HttpResponse.json({ isAdmin: true });
      }),
    );
    renderApp('/admin-dashboard', { session: true });
    expect(await screen.findByRole('heading', { name: 'Chat', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
    expect(calls).toEqual([]);
  });

  it('meets the terms modal before anything else when terms are older than version 2', async () => {
    // The server answers the old version until the acceptance is stored.
    let termsVersion: 1 | 2 = 1;
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe({ user: { terms_version: termsVersion } }))),
      http.post('/api/me/terms', () => {
        termsVersion = 2;
        return HttpResponse.json({ terms_accepted_at: '2025-06-01T12:00:00Z', terms_version: 2 });
      }),
      http.post('/api/consent', () => new HttpResponse(null, { status: 204 })),
    );
    const { user } = renderApp('/dashboard', { session: true });
    const dialog = await screen.findByRole('dialog', { name: 'Nutzungsbedingungen' });
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
    // The terms only: the waiver of the right of withdrawal comes with a paid plan (issue 25 point 15).
    expect(dialog).not.toHaveTextContent(/Widerruf/);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('a profile that cannot be loaded offers retry and sign-out', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    renderApp('/dashboard', { session: true });
    expect(await screen.findByRole('heading', { name: 'Nutzerprofil konnte nicht geladen werden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});

describe('admin', () => {
  it.each([
    ['/admin-dashboard', 'Übersicht'],
    ['/chat-history', 'Chat-Verlauf'],
    ['/users', 'Benutzer'],
    ['/challenges', 'Challenges'],
    ['/token-management', 'Token-Verwaltung'],
    ['/analytics', 'Analytics'],
    ['/compliance', 'Compliance'],
    ['/admin-feedback', 'Feedback'],
    ['/settings', 'Einstellungen'],
  ])('%s shows %s', async (path, heading) => {
    asAdmin();
    renderApp(path, { session: true });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });

  it.each(['/', '/dashboard', '/help', '/irgendwas'])('%s → /admin-dashboard', async (path) => {
    asAdmin();
    renderApp(path, { session: true });
    expect(await screen.findByRole('heading', { name: 'Übersicht', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin-dashboard');
  });

  it('has the admin sidebar links and the legal footer', async () => {
    asAdmin();
    renderApp('/admin-dashboard', { session: true });
    const nav = await screen.findByRole('navigation', { name: 'Admin-Navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Übersicht', '/app/admin-dashboard'],
      ['Benutzer', '/app/users'],
      ['Chat-Verlauf', '/app/chat-history'],
      ['Challenges', '/app/challenges'],
      ['Token-Verwaltung', '/app/token-management'],
      ['Analytics', '/app/analytics'],
      ['Compliance', '/app/compliance'],
      ['Feedback', '/app/admin-feedback'],
      ['Einstellungen', '/app/settings'],
    ]);
    expect(screen.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/legal/privacy');
    expect(screen.getByRole('link', { name: 'Subprozessoren' })).toHaveAttribute('href', '/legal/subprocessors');
  });

  it("'Mein Konto' keeps the admin's two-factor sign-in in reach: turning it off, while required, asks for the set-up", async () => {
    asAdmin();
    let enabled = true;
    const disabled: unknown[] = [];
    server.use(
      http.get('/api/me/totp', () =>
        HttpResponse.json({ enabled, pending: false, recoveryCodesLeft: enabled ? 8 : 0, required: true }),
      ),
      http.post('/api/me/totp/disable', async ({ request }) => {
        disabled.push(await request.json());
        enabled = false;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/auth/is-admin', () => HttpResponse.json({ isAdmin: true, totpSetupRequired: !enabled })),
    );
    const { user } = renderApp('/admin-dashboard', { session: true });
    await user.click(await screen.findByRole('link', { name: 'Mein Konto' }));
    expect(await screen.findByRole('heading', { name: 'Mein Konto', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/account');
    expect(await screen.findByText(/8 Wiederherstellungscodes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Wiederherstellungscodes' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Passwort oder Code'), 'geheim-geheim');
    await user.click(screen.getByRole('button', { name: 'Deaktivieren' }));
    expect(await screen.findByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten', level: 1 })).toBeInTheDocument();
    expect(disabled).toEqual([{ password: 'geheim-geheim' }]);
  });

  it("'Zur Trainings-App' opens the user app with everything a user has; 'Zum Admin-Bereich' goes back", async () => {
    asAdmin();
    const { user } = renderApp('/admin-dashboard', { session: true });
    await screen.findByRole('heading', { name: 'Übersicht', level: 1 });
    await user.click(screen.getByRole('link', { name: 'Zur Trainings-App' }));
    expect(await screen.findByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
    expect(screen.queryByRole('navigation', { name: 'Admin-Navigation' })).not.toBeInTheDocument();

    // The dashboard is the user's, not the spec's redirect to the back-office.
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    // The profile (with billing, export and deletion) opens as for any user.
    await user.click(screen.getByRole('button', { name: /Profil öffnen/ }));
    const profile = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    await user.click(within(profile).getAllByRole('button', { name: 'Schließen' })[0]!);

    await user.click(screen.getByRole('link', { name: 'Zum Admin-Bereich' }));
    expect(await screen.findByRole('heading', { name: 'Übersicht', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin-dashboard');
    // Back in the back-office, /dashboard is the spec's redirect again.
    expect(screen.getByRole('navigation', { name: 'Admin-Navigation' })).toBeInTheDocument();
  });

  it('an admin stays in the training app across a reload of the tab', async () => {
    asAdmin();
    window.sessionStorage.setItem('sc.area', 'training');
    renderApp('/dashboard', { session: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Zum Admin-Bereich' })).toBeInTheDocument();
  });

  it('/chat opens the chat for an admin too (spec: every signed-in user)', async () => {
    asAdmin();
    renderApp('/chat', { session: true });
    expect(await screen.findByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
  });

  it("a regular user's sidebar has no way into the admin area", async () => {
    renderApp('/dashboard', { session: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zum Admin-Bereich' })).not.toBeInTheDocument();
  });

  it("logout signs out and leaves for '/'", async () => {
    asAdmin();
    const leaveApp = vi.spyOn(navigation, 'leaveApp').mockImplementation(() => undefined);
    const { user } = renderApp('/admin-dashboard', { session: true });
    await screen.findByRole('heading', { name: 'Übersicht', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/'));
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('tracking', () => {
  it("reports route changes; '/' is reported as '/login' for signed-out visitors", async () => {
    const tracked: unknown[] = [];
    server.use(
      http.post('/api/track', async ({ request }) => {
        tracked.push({ body: await request.json(), auth: request.headers.get('Authorization') });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/');
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    await waitFor(() => expect(tracked).toHaveLength(1));
    expect(tracked[0]).toEqual({ body: { path: '/login', source: 'direct' }, auth: null });
  });

  it('sends the bearer token when signed in', async () => {
    const tracked: { path: string; auth: string | null }[] = [];
    server.use(
      http.post('/api/track', async ({ request }) => {
        const body = (await request.json()) as { path: string };
        tracked.push({ path: body.path, auth: request.headers.get('Authorization') });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/dashboard', { session: makeStoredSession({ access_token: 'tok-t' }) });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await waitFor(() => expect(tracked).toEqual([{ path: '/dashboard', auth: 'Bearer tok-t' }]));
    await user.click(screen.getByRole('link', { name: 'Hilfe' }));
    await waitFor(() => expect(tracked.map((t) => t.path)).toEqual(['/dashboard', '/help']));
  });

  it('ignores tracking failures', async () => {
    server.use(http.post('/api/track', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Hilfe & Anleitung' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('heading', { name: 'Hilfe & Anleitung' })).toBeInTheDocument();
  });
});
