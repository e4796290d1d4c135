import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

describe('invitation link (?invite=TOKEN)', () => {
  it("opens 'Passwort festlegen' with a welcome line, posts the token to /api/auth/reset, then asks to sign in", async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/reset', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/login?invite=inv123');
    await screen.findByRole('heading', { name: 'Passwort festlegen' });
    expect(screen.getByText(/^Willkommen bei Sales Coach! Du wurdest eingeladen\./)).toBeInTheDocument();
    // the one-time token leaves the address bar
    await waitFor(() => expect(window.location.search).toBe(''));
    await user.type(screen.getByLabelText('Passwort'), 'meinPasswort1');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'anderesPasswort');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Passwörter stimmen nicht überein.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Passwort bestätigen'));
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'meinPasswort1');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(
      await screen.findByText(
        'Dein Passwort ist gespeichert und dein Konto aktiviert. Melde dich jetzt mit deiner E-Mail-Adresse und dem neuen Passwort an.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    expect(body).toEqual({ token: 'inv123', password: 'meinPasswort1' });
  });

  it("shows the server's error for an expired invitation", async () => {
    server.use(
      http.post('/api/auth/reset', () => HttpResponse.json({ error: 'Der Link ist abgelaufen.' }, { status: 400 })),
    );
    const { user } = renderApp('/login?invite=alt');
    await screen.findByRole('heading', { name: 'Passwort festlegen' });
    await user.type(screen.getByLabelText('Passwort'), 'meinPasswort1');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'meinPasswort1');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Link ist abgelaufen.');
  });

  it('in English it says "Set your password"', async () => {
    window.localStorage.setItem('sc.lang', 'en');
    renderApp('/login?invite=inv123');
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText(/^Welcome to Sales Coach!/)).toBeInTheDocument();
  });
});
