import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMe, makeSession } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { STORAGE_KEY, REF_STORAGE_KEY } from '../../../lib/auth';

async function openLogin(path = '/login') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Willkommen zurück' });
  return view;
}

async function switchToSignUp(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Jetzt registrieren' }));
  await screen.findByRole('heading', { name: 'Konto erstellen' });
}

describe('login page', () => {
  it('shows the branding, the tagline and three selling points', async () => {
    await openLogin();
    expect(screen.getByText('Sales Coach')).toBeInTheDocument();
    expect(screen.getByText('Dein intelligenter Sales Coach für maximalen Erfolg')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Deine Vorteile' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('starts with empty fields and an unticked "Angemeldet bleiben"', async () => {
    await openLogin();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('');
    expect(screen.getByLabelText('Passwort')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' })).not.toBeChecked();
  });

  it('requires the e-mail and the password', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte gib deine E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib dein Passwort ein.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveFocus();
  });

  it('checks the e-mail format and the password length', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@');
    await user.type(screen.getByLabelText('Passwort'), 'kurz');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    // errors follow the edits after the first submit
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'example.com');
    await waitFor(() =>
      expect(screen.queryByText('Bitte gib eine gültige E-Mail-Adresse ein.')).not.toBeInTheDocument(),
    );
  });

  it('shows and hides the password with a pressed toggle whose label follows', async () => {
    const { user } = await openLogin();
    const password = screen.getByLabelText('Passwort');
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Passwort verbergen' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Passwort verbergen' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows the server's error text in a red alert", async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ error: 'E-Mail oder Passwort ist falsch.' }, { status: 401 }),
      ),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'falsches-passwort');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.');
    expect(currentPath()).toBe('/login');
  });

  describe('registration', () => {
    it('toggles between sign-in and registration with a link', async () => {
      const { user } = await openLogin();
      await switchToSignUp(user);
      expect(screen.getByLabelText('Passwort bestätigen')).toBeInTheDocument();
      expect(screen.getByLabelText('Unternehmen (optional)')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Jetzt anmelden' }));
      expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    });

    it('requires the terms checkbox, unticked at first, with the exact message', async () => {
      const { user } = await openLogin();
      await switchToSignUp(user);
      const terms = screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ });
      expect(terms).not.toBeChecked();
      await user.type(screen.getByLabelText('E-Mail-Adresse'), 'neu@example.com');
      await user.type(screen.getByLabelText('Passwort'), 'geheim1234');
      await user.type(screen.getByLabelText('Passwort bestätigen'), 'geheim1234');
      await user.click(screen.getByRole('button', { name: 'Registrieren' }));
      expect(
        await screen.findByText(
          'Bitte akzeptiere unsere Nutzungsbedingungen und bestätige die Kenntnisnahme der Datenschutzerklärung, um fortzufahren.',
        ),
      ).toBeInTheDocument();
    });

    it('the checkbox accepts the terms and acknowledges the privacy policy, and waives nothing (issue 25 point 15)', async () => {
      const { user } = await openLogin();
      await switchToSignUp(user);
      const terms = screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ });
      expect(terms.closest('.checkbox')).toHaveTextContent(
        'Ich akzeptiere die Nutzungsbedingungen (öffnet in neuem Tab) und bestätige die Kenntnisnahme der Datenschutzerklärung (öffnet in neuem Tab).',
      );
      expect(document.body).not.toHaveTextContent(/Widerruf/);
      await user.click(screen.getByRole('button', { name: 'EN' }));
      const english = await screen.findByRole('checkbox', { name: /terms of use/ });
      expect(english.closest('.checkbox')).toHaveTextContent(
        'I accept the terms of use (opens in a new tab) and acknowledge the privacy policy (opens in a new tab).',
      );
      expect(document.body).not.toHaveTextContent(/withdrawal/);
    });

    it('links the terms and the privacy policy in a new tab', async () => {
      const { user } = await openLogin();
      await switchToSignUp(user);
      const agb = screen.getByRole('link', { name: /^Nutzungsbedingungen/ });
      expect(agb).toHaveAttribute('href', '/legal#agb');
      expect(agb).toHaveAttribute('target', '_blank');
      expect(agb).toHaveAttribute('rel', 'noopener');
      const privacy = screen.getByRole('link', { name: /^Datenschutzerklärung/ });
      expect(privacy).toHaveAttribute('href', '/legal/privacy');
      expect(privacy).toHaveAttribute('target', '_blank');
    });

    it('compares the two passwords', async () => {
      const { user } = await openLogin();
      await switchToSignUp(user);
      await user.type(screen.getByLabelText('E-Mail-Adresse'), 'neu@example.com');
      await user.type(screen.getByLabelText('Passwort'), 'geheim1234');
      await user.type(screen.getByLabelText('Passwort bestätigen'), 'geheim12345');
      await user.click(screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
      await user.click(screen.getByRole('button', { name: 'Registrieren' }));
      expect(await screen.findByText('Passwörter stimmen nicht überein.')).toBeInTheDocument();
    });

    it('sends the request, then returns to sign-in with the success notice', async () => {
      let body: unknown;
      server.use(
        http.post('/api/auth/signup', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ ok: true }, { status: 201 });
        }),
      );
      window.localStorage.setItem(REF_STORAGE_KEY, 'FREUND1');
      const { user } = await openLogin();
      await switchToSignUp(user);
      await user.type(screen.getByLabelText('E-Mail-Adresse'), ' neu@example.com ');
      await user.type(screen.getByLabelText('Passwort'), 'geheim1234');
      await user.type(screen.getByLabelText('Passwort bestätigen'), 'geheim1234');
      await user.type(screen.getByLabelText('Unternehmen (optional)'), 'ACME GmbH');
      await user.click(screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
      await user.click(screen.getByRole('button', { name: 'Registrieren' }));

      expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
      expect(
        screen.getByText('Registrierung erfolgreich! Bitte bestätige deine E-Mail und melde dich anschließend an.'),
      ).toBeInTheDocument();
      expect(body).toEqual({
        email: 'neu@example.com',
        password: 'geheim1234',
        company: 'ACME GmbH',
        termsAccepted: true,
        ref: 'FREUND1',
        language: 'de',
      });
      expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('neu@example.com');
      expect(screen.getByLabelText('Passwort')).toHaveValue('');
    });

    it('takes the ?ref= code from the page URL first', async () => {
      let body: Record<string, unknown> = {};
      server.use(
        http.post('/api/auth/signup', async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({ ok: true }, { status: 201 });
        }),
      );
      window.localStorage.setItem(REF_STORAGE_KEY, 'ALT');
      const { user } = await openLogin('/login?ref=NEU42');
      await switchToSignUp(user);
      await user.type(screen.getByLabelText('E-Mail-Adresse'), 'neu@example.com');
      await user.type(screen.getByLabelText('Passwort'), 'geheim1234');
      await user.type(screen.getByLabelText('Passwort bestätigen'), 'geheim1234');
      await user.click(screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
      await user.click(screen.getByRole('button', { name: 'Registrieren' }));
      await screen.findByText(/Registrierung erfolgreich!/);
      expect(body.ref).toBe('NEU42');
      expect(body).not.toHaveProperty('company');
    });

    it('signs up in the language of the page: English after the switch', async () => {
      let body: Record<string, unknown> = {};
      server.use(
        http.post('/api/auth/signup', async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({ ok: true }, { status: 201 });
        }),
        http.get('/api/auth/providers', () => HttpResponse.json({ google: true, apple: true })),
      );
      const { user } = await openLogin();
      await user.click(screen.getByRole('button', { name: 'EN' }));
      await user.click(await screen.findByRole('button', { name: 'Sign up now' }));
      await screen.findByRole('heading', { name: 'Create account' });
      await user.type(screen.getByLabelText('Email address'), 'new@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret1234');
      await user.type(screen.getByLabelText('Confirm password'), 'secret1234');
      await user.click(screen.getByRole('checkbox', { name: /terms/i }));
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      await screen.findByText(/Registration successful/);
      expect(body.language).toBe('en');
      expect(screen.getByRole('link', { name: 'Sign in with Google' }).getAttribute('href')).toContain('language=en');
      expect(screen.getByRole('link', { name: 'Sign in with Apple' }).getAttribute('href')).toContain('language=en');
    });
  });

  describe('social sign-in', () => {
    it('hides both buttons when no provider is configured', async () => {
      await openLogin();
      await screen.findByRole('button', { name: 'Ohne Konto ausprobieren' });
      expect(screen.queryByRole('link', { name: 'Mit Google anmelden' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Mit Apple anmelden' })).not.toBeInTheDocument();
    });

    it('shows only the configured providers, linking to the OAuth start with remember and ref', async () => {
      server.use(http.get('/api/auth/providers', () => HttpResponse.json({ google: true, apple: false })));
      const { user } = await openLogin('/login?ref=ABC');
      const google = await screen.findByRole('link', { name: 'Mit Google anmelden' });
      expect(google).toHaveAttribute('href', '/api/auth/oauth/google?remember=0&ref=ABC&language=de');
      expect(screen.queryByRole('link', { name: 'Mit Apple anmelden' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' }));
      expect(google).toHaveAttribute('href', '/api/auth/oauth/google?remember=1&ref=ABC&language=de');
    });

    it('shows Apple too when configured', async () => {
      server.use(http.get('/api/auth/providers', () => HttpResponse.json({ google: true, apple: true })));
      await openLogin();
      expect(await screen.findByRole('link', { name: 'Mit Apple anmelden' })).toHaveAttribute(
        'href',
        '/api/auth/oauth/apple?remember=0&language=de',
      );
    });

    it("shows 'Social Login fehlgeschlagen' after a failed OAuth round trip", async () => {
      await openLogin('/login?error=social');
      expect(screen.getByRole('alert')).toHaveTextContent('Social Login fehlgeschlagen');
      await waitFor(() => expect(window.location.search).toBe(''));
    });

    it('continues the sign-in after ?oauth=1 once the cookie gave a session', async () => {
      let streak = 0;
      server.use(
        http.post('/api/auth/refresh', () => HttpResponse.json(makeSession({ access_token: 'oauth-token' }))),
        http.post('/api/me/streak', () => {
          streak++;
          return HttpResponse.json({ streak: 1, first: true });
        }),
      );
      window.sessionStorage.setItem('sc.oauth.remember', '1');
      renderApp('/login?oauth=1');
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(currentPath()).toBe('/dashboard');
      // once by the sign-in flow, once by the dashboard's load
      await waitFor(() => expect(streak).toBe(2));
      // 'Angemeldet bleiben' chosen before the round trip: the session is remembered
      expect(window.localStorage.getItem(STORAGE_KEY)).toContain('oauth-token');
    });

    it("says 'Kein gültiges Token' when ?oauth=1 finds no session", async () => {
      renderApp('/login?oauth=1');
      expect(await screen.findByRole('alert')).toHaveTextContent('Kein gültiges Token');
    });
  });

  describe('password reset', () => {
    it("'Passwort vergessen?' asks for the e-mail and shows the neutral notice", async () => {
      let body: unknown;
      server.use(
        http.post('/api/auth/recover', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ ok: true });
        }),
      );
      const { user } = await openLogin();
      await user.click(screen.getByRole('button', { name: 'Passwort vergessen?' }));
      expect(await screen.findByRole('heading', { name: 'Passwort zurücksetzen' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Link senden' }));
      expect(await screen.findByText('Bitte gib deine E-Mail-Adresse ein.')).toBeInTheDocument();
      await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.com');
      await user.click(screen.getByRole('button', { name: 'Link senden' }));
      expect(
        await screen.findByText(
          'Wenn ein Konto zu dieser E-Mail-Adresse existiert, haben wir dir einen Link zum Zurücksetzen geschickt.',
        ),
      ).toBeInTheDocument();
      expect(body).toEqual({ email: 'anna@example.com' });
    });

    it('?reset=TOKEN opens the new-password form and posts the token', async () => {
      let body: unknown;
      server.use(
        http.post('/api/auth/reset', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ ok: true });
        }),
      );
      const { user } = renderApp('/login?reset=tok123');
      await screen.findByRole('heading', { name: 'Neues Passwort festlegen' });
      await user.type(screen.getByLabelText('Neues Passwort'), 'neuesPasswort1');
      await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'anderesPasswort');
      await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
      expect(await screen.findByText('Passwörter stimmen nicht überein.')).toBeInTheDocument();
      await user.clear(screen.getByLabelText('Neues Passwort bestätigen'));
      await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'neuesPasswort1');
      await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
      expect(
        await screen.findByText('Dein Passwort wurde geändert. Bitte melde dich mit dem neuen Passwort an.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
      expect(body).toEqual({ token: 'tok123', password: 'neuesPasswort1' });
    });

    it("shows the server's error for an expired reset link", async () => {
      server.use(
        http.post('/api/auth/reset', () =>
          HttpResponse.json({ error: 'Der Link ist abgelaufen.' }, { status: 400 }),
        ),
      );
      const { user } = renderApp('/login?reset=alt');
      await screen.findByRole('heading', { name: 'Neues Passwort festlegen' });
      await user.type(screen.getByLabelText('Neues Passwort'), 'neuesPasswort1');
      await user.type(screen.getByLabelText('Neues Passwort bestätigen'), 'neuesPasswort1');
      await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Der Link ist abgelaufen.');
    });
  });

  describe('e-mail confirmation', () => {
    it('?confirm=TOKEN confirms and says so', async () => {
      let body: unknown;
      server.use(
        http.post('/api/auth/confirm', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ ok: true });
        }),
      );
      renderApp('/login?confirm=c0nf1rm');
      expect(
        await screen.findByText('Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt anmelden.'),
      ).toBeInTheDocument();
      expect(body).toEqual({ token: 'c0nf1rm' });
      await waitFor(() => expect(window.location.search).toBe(''));
    });

    it("shows the server's error for an invalid confirmation link", async () => {
      server.use(
        http.post('/api/auth/confirm', () =>
          HttpResponse.json({ error: 'Der Bestätigungslink ist ungültig.' }, { status: 400 }),
        ),
      );
      renderApp('/login?confirm=kaputt');
      expect(await screen.findByRole('alert')).toHaveTextContent('Der Bestätigungslink ist ungültig.');
    });
  });

  describe('language', () => {
    it('switches to English and back, following <html lang>', async () => {
      const { user } = await openLogin();
      expect(document.documentElement.lang).toBe('de');
      await user.click(screen.getByRole('button', { name: 'EN' }));
      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('en');
      expect(window.localStorage.getItem('sc.lang')).toBe('en');
      await user.click(screen.getByRole('button', { name: 'DE' }));
      expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    });
  });

  describe('first visit', () => {
    const prefer = (...languages: string[]) => {
      Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
      Object.defineProperty(window.navigator, 'language', { value: languages[0] ?? '', configurable: true });
    };
    afterEach(() => prefer('de-DE', 'de'));

    it("shows the page in the browser's language when the visitor has chosen none", async () => {
      prefer('en-US', 'en');
      renderApp('/login');
      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('en');
      // The browser's language is no choice: nothing is stored.
      expect(window.localStorage.getItem('sc.lang')).toBeNull();
    });

    it('takes the first of the preferred languages it has, else German', async () => {
      prefer('fr-FR', 'en-GB', 'de');
      const { unmount } = renderApp('/login');
      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
      unmount();
      prefer('fr-FR', 'it');
      renderApp('/login');
      expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    });

    it("the visitor's own choice wins over the browser's language", async () => {
      prefer('en-US');
      window.localStorage.setItem('sc.lang', 'de');
      renderApp('/login');
      expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    });
  });

  it('a signed-in user who opens /login continues into the app', async () => {
    renderApp('/login', { session: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('the user language from /api/me wins over the stored choice', async () => {
    window.localStorage.setItem('sc.lang', 'de');
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    renderApp('/dashboard', { session: true });
    expect(await screen.findByRole('link', { name: 'Help' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
