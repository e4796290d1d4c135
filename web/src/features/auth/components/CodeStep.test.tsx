import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

async function signInWithPassword() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Willkommen zurück' });
  await view.user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.com');
  await view.user.type(screen.getByLabelText('Passwort'), 'geheim123');
  await view.user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await screen.findByRole('heading', { name: 'Zwei-Faktor-Anmeldung' });
  return view;
}

describe('two-factor sign-in step', () => {
  it('asks for the app code after the password, announces a wrong code and signs in with the right one', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ totp_required: true, challenge: 'ch-1', expires_in: 300 })),
      http.post('/api/auth/totp', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push(body);
        return body.code === '123456'
          ? HttpResponse.json(makeSession({ access_token: 'tok-2fa' }))
          : HttpResponse.json(
              { code: 'totp_code_invalid', error: 'Der Code ist ungültig oder abgelaufen.' },
              { status: 401 },
            );
      }),
    );
    const { user } = await signInWithPassword();
    const field = screen.getByLabelText('6-stelliger Code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Bitte gib den Code ein.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Code ist ungültig oder abgelaufen.');

    await user.type(screen.getByLabelText('6-stelliger Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await expect.poll(() => currentPath()).not.toBe('/login');
    expect(sent).toEqual([
      { challenge: 'ch-1', code: '000000' },
      { challenge: 'ch-1', code: '123456' },
    ]);
  });

  it('takes a recovery code, and goes back to the password when the challenge is gone', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ totp_required: true, challenge: 'ch-1', expires_in: 300 })),
      http.post('/api/auth/totp', () =>
        HttpResponse.json(
          { code: 'totp_challenge_invalid', error: 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.' },
          { status: 401 },
        ),
      ),
    );
    const { user } = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    const field = screen.getByLabelText('Wiederherstellungscode');
    expect(field).toHaveAttribute('inputmode', 'text');
    await user.type(field, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    expect(screen.getByRole('alert')).toHaveTextContent('Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.');
  });
});
