import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../../lib/auth';
import { navigation } from '../../../lib/navigation';
import { makeSession } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

const AUTHORIZE = 'https://idp.example.com/realms/acme/protocol/openid-connect/auth?client_id=salescoach&state=s1';

async function openSsoStep(path = '/login') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Willkommen zurück' });
  await view.user.click(screen.getByRole('button', { name: 'Mit Firmenkonto anmelden' }));
  expect(await screen.findByRole('heading', { name: 'Mit Firmenkonto anmelden' })).toHaveFocus();
  return view;
}

describe('company sign-in on the login page (issue 29)', () => {
  it("'Mit Firmenkonto anmelden' asks for the work e-mail and goes to the company's provider", async () => {
    const leaveApp = vi.spyOn(navigation, 'leaveApp').mockImplementation(() => undefined);
    let body: unknown;
    server.use(
      http.post('/api/auth/sso/start', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ url: AUTHORIZE });
      }),
    );
    const view = renderApp('/login');
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    // 'Angemeldet bleiben' chosen on the sign-in form travels along.
    await view.user.click(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' }));
    await view.user.click(screen.getByRole('button', { name: 'Mit Firmenkonto anmelden' }));
    const field = await screen.findByLabelText('Geschäftliche E-Mail');
    expect(field).toHaveAttribute('type', 'email');
    await view.user.type(field, ' anna@acme.com ');
    await view.user.click(screen.getByRole('button', { name: 'Weiter' }));

    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(AUTHORIZE));
    expect(body).toEqual({ email: 'anna@acme.com', remember: true, language: 'de' });
    // the choice waits for the ?oauth=1 return like Google's and Apple's
    expect(window.sessionStorage.getItem('sc.oauth.remember')).toBe('1');
    // busy until the page has left
    expect(screen.getByRole('button', { name: 'Bitte warten…' })).toBeDisabled();
  });

  it('asks for an address before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/sso/start', () => {
        calls++;
        return HttpResponse.json({ url: AUTHORIZE });
      }),
    );
    const { user } = await openSsoStep();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    const field = screen.getByLabelText('Geschäftliche E-Mail');
    expect(await screen.findByText('Bitte gib deine geschäftliche E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(calls).toBe(0);
  });

  it.each([
    [400, 'sso_email_invalid', 'Bitte gib deine geschäftliche E-Mail-Adresse ein.'],
    [404, 'sso_not_configured', 'Für diese E-Mail-Domain ist keine Firmen-Anmeldung eingerichtet.'],
    [
      503,
      'sso_unavailable',
      'Der Anmeldedienst deiner Firma ist gerade nicht erreichbar. Bitte versuche es später erneut.',
    ],
  ])('shows the server refusal %i %s at the field, busy while it waits', async (status, code, text) => {
    const leaveApp = vi.spyOn(navigation, 'leaveApp').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/auth/sso/start', async () => {
        await answered;
        return HttpResponse.json({ code, error: text }, { status });
      }),
    );
    const { user } = await openSsoStep();
    const field = screen.getByLabelText('Geschäftliche E-Mail');
    await user.type(field, 'anna@acme.com');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    const busy = await screen.findByRole('button', { name: 'Bitte warten…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();

    expect(await screen.findByText(text)).toHaveAttribute('id', 'sso-email-error');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(text);
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeEnabled();
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('shows the English text of a refusal in English', async () => {
    server.use(
      http.post('/api/auth/sso/start', () =>
        HttpResponse.json(
          { code: 'sso_not_configured', error: 'Für diese E-Mail-Domain ist keine Firmen-Anmeldung eingerichtet.' },
          { status: 404 },
        ),
      ),
    );
    const view = renderApp('/login');
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    await view.user.click(screen.getByRole('button', { name: 'EN' }));
    await view.user.click(await screen.findByRole('button', { name: 'Sign in with your company account' }));
    await view.user.type(await screen.findByLabelText('Work e-mail'), 'anna@acme.com');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No company sign-in is set up for this e-mail domain.')).toBeInTheDocument();
  });

  it("goes back to the password sign-in with 'Zurück zur Anmeldung'", async () => {
    const { user } = await openSsoStep();
    await user.click(screen.getByRole('button', { name: 'Zurück zur Anmeldung' }));
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toHaveFocus();
  });

  it.each([
    ['sso', 'Die Anmeldung über deine Firma ist fehlgeschlagen.'],
    [
      'sso_unverified',
      'Deine Firma hat diese E-Mail-Adresse nicht als bestätigt gemeldet. Bitte wende dich an die IT deiner Firma.',
    ],
    ['sso_domain', 'Diese E-Mail-Adresse gehört nicht zu einer Domain deiner Firma.'],
    ['sso_off', 'Die Firmen-Anmeldung deines Teams ist ausgeschaltet. Melde dich bitte anders an.'],
  ])('shows ?error=%s after the provider and drops the parameter', async (value, text) => {
    renderApp(`/login?error=${value}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('shows ?error=sso_required after Google/Apple with the company button beside it (issue 38)', async () => {
    const { user } = renderApp('/login?error=sso_required');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dein Team meldet sich über die Firma an. Bitte nutze „Mit Firmenkonto anmelden“.',
    );
    await waitFor(() => expect(window.location.search).toBe(''));
    const offers = screen.getAllByRole('button', { name: 'Mit Firmenkonto anmelden' });
    expect(offers).toHaveLength(2);
    await user.click(offers[0]!);
    expect(await screen.findByRole('heading', { name: 'Mit Firmenkonto anmelden' })).toBeInTheDocument();
  });

  it('ignores an unknown ?error= value', async () => {
    renderApp('/login?error=whatever');
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers the company button when the password sign-in answers 403 sso_required, with the e-mail filled in", async () => {
    const text = 'Dein Team meldet sich über die Firma an. Bitte nutze „Mit Firmenkonto anmelden“.';
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ code: 'sso_required', error: text }, { status: 403 })));
    const view = renderApp('/login');
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    await view.user.type(screen.getByLabelText('E-Mail-Adresse'), 'max@acme.com');
    await view.user.type(screen.getByLabelText('Passwort'), 'geheim1234');
    await view.user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    // the offer beside the message, besides the button below the social ones
    const offers = screen.getAllByRole('button', { name: 'Mit Firmenkonto anmelden' });
    expect(offers).toHaveLength(2);
    await view.user.click(offers[0]!);
    expect(await screen.findByRole('heading', { name: 'Mit Firmenkonto anmelden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Geschäftliche E-Mail')).toHaveValue('max@acme.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('linking an existing account (?sso_link=)', () => {
  const info = { email: 'anna@acme.com', teamName: 'ACME Vertrieb', hasPassword: true };

  it("shows 'Konto verbinden' with e-mail and team and signs in after the password", async () => {
    let linked: unknown;
    let asked = '';
    server.use(
      http.get('/api/auth/sso/link', ({ request }) => {
        asked = new URL(request.url).searchParams.get('token') ?? '';
        return HttpResponse.json(info);
      }),
      http.post('/api/auth/sso/link', async ({ request }) => {
        linked = await request.json();
        return HttpResponse.json(makeSession({ access_token: 'sso-linked' }));
      }),
    );
    const { user } = renderApp('/login?sso_link=tok-1');
    expect(await screen.findByRole('heading', { name: 'Konto verbinden' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Für anna@acme.com gibt es schon ein Konto. Gib einmal dein Passwort ein, um es mit der Firmen-Anmeldung von ACME Vertrieb zu verbinden.',
      ),
    ).toBeInTheDocument();
    expect(asked).toBe('tok-1');
    // the token leaves the address bar
    await waitFor(() => expect(window.location.search).toBe(''));
    await user.type(screen.getByLabelText('Passwort'), 'geheim1234');
    await user.click(screen.getByRole('checkbox', { name: 'Angemeldet bleiben' }));
    await user.click(screen.getByRole('button', { name: 'Verbinden und anmelden' }));

    await expect.poll(() => currentPath()).toBe('/dashboard');
    expect(linked).toEqual({ token: 'tok-1', password: 'geheim1234', remember: true });
    expect(window.localStorage.getItem(STORAGE_KEY)).toContain('sso-linked');
  });

  it('continues with the code step when the account has two-factor sign-in', async () => {
    const codes: unknown[] = [];
    server.use(
      http.get('/api/auth/sso/link', () => HttpResponse.json(info)),
      http.post('/api/auth/sso/link', () => HttpResponse.json({ totp_required: true, challenge: 'ch-9', expires_in: 300 })),
      http.post('/api/auth/totp', async ({ request }) => {
        codes.push(await request.json());
        return HttpResponse.json(makeSession({ access_token: 'sso-2fa' }));
      }),
    );
    const { user } = renderApp('/login?sso_link=tok-1');
    await user.type(await screen.findByLabelText('Passwort'), 'geheim1234');
    await user.click(screen.getByRole('button', { name: 'Verbinden und anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toHaveFocus();
    await user.type(screen.getByLabelText('6-stelliger Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await expect.poll(() => currentPath()).toBe('/dashboard');
    expect(codes).toEqual([{ challenge: 'ch-9', code: '123456' }]);
  });

  it('asks for the password, and shows a wrong one at the field', async () => {
    let calls = 0;
    server.use(
      http.get('/api/auth/sso/link', () => HttpResponse.json(info)),
      http.post('/api/auth/sso/link', () => {
        calls++;
        return HttpResponse.json(
          { code: 'invalid_credentials', error: 'E-Mail oder Passwort ist falsch.' },
          { status: 401 },
        );
      }),
    );
    const { user } = renderApp('/login?sso_link=tok-1');
    const field = await screen.findByLabelText('Passwort');
    await user.click(screen.getByRole('button', { name: 'Verbinden und anmelden' }));
    expect(await screen.findByText('Bitte gib dein Passwort ein.')).toBeInTheDocument();
    expect(calls).toBe(0);
    await user.type(field, 'falsch1234');
    await user.click(screen.getByRole('button', { name: 'Verbinden und anmelden' }));
    expect(await screen.findByText('E-Mail oder Passwort ist falsch.')).toHaveAttribute('id', 'sso-link-password-error');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(currentPath()).toBe('/login');
  });

  it('tells an account without a password to ask for an invitation', async () => {
    server.use(http.get('/api/auth/sso/link', () => HttpResponse.json({ ...info, hasPassword: false })));
    renderApp('/login?sso_link=tok-1');
    expect(
      await screen.findByText(
        'Dieses Konto hat kein Passwort. Melde dich wie bisher an und bitte den Inhaber deines Teams um eine Einladung; danach klappt die Firmen-Anmeldung.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Passwort')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verbinden und anmelden' })).not.toBeInTheDocument();
  });

  it('shows the expired-link text for an unknown token, and after a link used up meanwhile', async () => {
    const text = 'Dieser Link ist abgelaufen. Bitte melde dich erneut mit deinem Firmenkonto an.';
    server.use(http.get('/api/auth/sso/link', () => HttpResponse.json({ code: 'sso_link_invalid', error: text }, { status: 404 })));
    const first = renderApp('/login?sso_link=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await first.user.click(screen.getByRole('button', { name: 'Zurück zur Anmeldung' }));
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toHaveFocus();
    first.unmount();

    server.use(
      http.get('/api/auth/sso/link', () => HttpResponse.json(info)),
      http.post('/api/auth/sso/link', () => HttpResponse.json({ code: 'sso_link_invalid', error: text }, { status: 404 })),
    );
    const second = renderApp('/login?sso_link=tok-2');
    await second.user.type(await screen.findByLabelText('Passwort'), 'geheim1234');
    await second.user.click(screen.getByRole('button', { name: 'Verbinden und anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByLabelText('Passwort')).not.toBeInTheDocument();
  });
});
