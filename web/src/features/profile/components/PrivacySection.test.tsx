import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../../../lib/navigation';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

async function openProfile() {
  const view = renderApp('/help', { session: true });
  // The first open loads the popup's lazy chunk, which can take long on a
  // busy machine: a bound against hanging, not a timing assertion.
  const cold = { timeout: 20_000 };
  await view.user.click(await screen.findByRole('button', { name: /Profil öffnen/ }, cold));
  const element = await screen.findByRole('dialog', { name: 'Profil bearbeiten' }, cold);
  const dialog = within(element);
  await dialog.findByLabelText('Anzeigename', {}, cold);
  return { ...view, element, dialog };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('data export', () => {
  it('streams the archive, shows the bytes received and hands it to the download', async () => {
    const bytes = new Uint8Array(3000).fill(7);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/me/export', () => {
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(bytes.slice(0, 2048));
            await held;
            controller.enqueue(bytes.slice(2048));
            controller.close();
          },
        });
        return new HttpResponse(body, {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="salescoach-data-2026-11-24.zip"' },
        });
      }),
    );
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(await dialog.findByText('Wird heruntergeladen … 2 KB empfangen')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeDisabled();
    release();
    expect(await screen.findByText('Download gestartet.')).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]?.size).toBe(3000);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('salescoach-data-2026-11-24.zip');
  });

  it('shows the error, e.g. the rate limit', async () => {
    server.use(
      http.get('/api/me/export', () =>
        HttpResponse.json(
          { code: 'too_many_attempts', error: 'Zu viele Versuche. Bitte warte einen Moment.' },
          { status: 429, headers: { 'Retry-After': '3600' } },
        ),
      ),
    );
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(
      await dialog.findByText('Download fehlgeschlagen: Zu viele Versuche. Bitte warte einen Moment.'),
    ).toBeInTheDocument();
  });
});

describe('account deletion', () => {
  it('asks for the password and the typed word, shows a wrong password at its field, then signs out', async () => {
    const bodies: unknown[] = [];
    let logouts = 0;
    server.use(
      http.post('/api/me/delete', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        bodies.push(body);
        if (body.password !== 'richtig-richtig') {
          const msg = { code: 'account_delete_password_wrong', error: 'Das Passwort ist falsch.' };
          return HttpResponse.json({ ...msg, fields: { password: msg } }, { status: 400 });
        }
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/auth/logout', () => {
        logouts++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Konto löschen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' }));
    const password = confirm.getByLabelText('Dein Passwort');
    expect(password).toHaveFocus();
    const submit = confirm.getByRole('button', { name: 'Konto endgültig löschen' });
    expect(submit).toBeDisabled();
    await user.type(password, 'falsch-falsch');
    await user.type(confirm.getByLabelText('Tippe LÖSCHEN zur Bestätigung'), 'löschen');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await confirm.findByText('Das Passwort ist falsch.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.clear(password);
    await user.type(password, 'richtig-richtig{Enter}');
    expect(await screen.findByText('Dein Konto wurde gelöscht.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { password: 'falsch-falsch', confirmation: 'löschen' },
      { password: 'richtig-richtig', confirmation: 'löschen' },
    ]);
    await vi.waitFor(() => expect(logouts).toBe(1));
  });

  it('asks for a code too when two-factor sign-in is on, and shows a wrong one at its field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/me/reauth', () =>
        HttpResponse.json({ method: 'password', providers: [], verified: false, expiresAt: 0, twoFactor: true }),
      ),
      http.post('/api/me/delete', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        bodies.push(body);
        if (body.code !== 'ABCD-EFGH') {
          const msg = { code: 'totp_code_invalid', error: 'Der Code ist ungültig oder abgelaufen.' };
          return HttpResponse.json({ ...msg, fields: { code: msg } }, { status: 400 });
        }
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
    );
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Konto löschen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' }));
    const code = confirm.getByLabelText('Code aus der Authenticator-App oder Wiederherstellungscode');
    expect(code).toHaveAccessibleDescription(
      'Deine Zwei-Faktor-Anmeldung ist eingeschaltet. Ein Wiederherstellungscode ist danach verbraucht.',
    );
    const submit = confirm.getByRole('button', { name: 'Konto endgültig löschen' });
    await user.type(confirm.getByLabelText('Dein Passwort'), 'richtig-richtig');
    await user.type(confirm.getByLabelText('Tippe LÖSCHEN zur Bestätigung'), 'LÖSCHEN');
    // Without the code nothing can be sent.
    expect(submit).toBeDisabled();
    await user.type(code, '123456');
    await user.click(submit);
    expect(await confirm.findByText('Der Code ist ungültig oder abgelaufen.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.clear(code);
    await user.type(code, ' ABCD-EFGH {Enter}');
    expect(await screen.findByText('Dein Konto wurde gelöscht.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { password: 'richtig-richtig', confirmation: 'LÖSCHEN', code: '123456' },
      { password: 'richtig-richtig', confirmation: 'LÖSCHEN', code: 'ABCD-EFGH' },
    ]);
  });

  it('asks no code without two-factor sign-in', async () => {
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Konto löschen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' }));
    expect(confirm.getByLabelText('Dein Passwort')).toBeInTheDocument();
    expect(confirm.queryByLabelText('Code aus der Authenticator-App oder Wiederherstellungscode')).toBeNull();
  });

  it('says when the subscription could not be cancelled', async () => {
    server.use(
      http.post('/api/me/delete', () =>
        HttpResponse.json(
          {
            code: 'account_delete_subscription_failed',
            error: 'Dein Abo konnte nicht gekündigt werden. Das Konto wurde nicht gelöscht. Bitte versuche es später erneut.',
          },
          { status: 503 },
        ),
      ),
    );
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Konto löschen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' }));
    await user.type(confirm.getByLabelText('Dein Passwort'), 'richtig-richtig');
    await user.type(confirm.getByLabelText('Tippe LÖSCHEN zur Bestätigung'), 'LÖSCHEN{Enter}');
    expect(
      await confirm.findByText(
        'Löschen fehlgeschlagen: Dein Abo konnte nicht gekündigt werden. Das Konto wurde nicht gelöscht. Bitte versuche es später erneut.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Profil bearbeiten' })).toBeInTheDocument();
  });

  describe('a Google/Apple user without a password', () => {
    const status = (verified: boolean) =>
      http.get('/api/me/reauth', () =>
        HttpResponse.json({ method: 'provider', providers: ['google', 'apple'], verified, expiresAt: verified ? 1_900_000_000 : 0 }),
      );

    it('confirms by signing in again at the provider instead of a password', async () => {
      const started: string[] = [];
      server.use(
        status(false),
        http.post('/api/me/reauth/:provider', ({ params }) => {
          started.push(String(params.provider));
          return HttpResponse.json({ url: 'https://accounts.google.com/o/oauth2/v2/auth?prompt=login' });
        }),
      );
      const leave = vi.spyOn(navigation, 'leaveApp').mockImplementation(() => undefined);
      const { dialog, user } = await openProfile();
      await user.click(dialog.getByRole('button', { name: 'Konto löschen' }));
      const confirm = within(await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' }));
      const google = await confirm.findByRole('button', { name: 'Mit Google bestätigen' });
      expect(google).toHaveFocus();
      expect(confirm.getByRole('button', { name: 'Mit Apple bestätigen' })).toBeInTheDocument();
      expect(confirm.getByText('Dein Konto hat kein Passwort. Bestätige mit einer neuen Anmeldung, dass du es bist.')).toBeInTheDocument();
      // Neither a password nor the typed word before the confirmation.
      expect(confirm.queryByLabelText('Dein Passwort')).not.toBeInTheDocument();
      expect(confirm.queryByLabelText('Tippe LÖSCHEN zur Bestätigung')).not.toBeInTheDocument();
      expect(confirm.queryByRole('button', { name: 'Konto endgültig löschen' })).not.toBeInTheDocument();
      await user.click(google);
      await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?prompt=login'));
      expect(started).toEqual(['google']);
    });

    it('back from the provider, the deletion dialog is open and takes the typed word alone', async () => {
      const bodies: unknown[] = [];
      server.use(
        status(true),
        http.post('/api/me/delete', async ({ request }) => {
          bodies.push(await request.json());
          return new HttpResponse(null, { status: 204 });
        }),
        http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
      );
      const { user } = renderApp('/dashboard?reauth=1', { session: true });
      const cold = { timeout: 20_000 };
      const confirm = within(await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' }, cold));
      expect(await confirm.findByText('Anmeldung bestätigt. Du kannst dein Konto jetzt in den nächsten Minuten löschen.')).toBeInTheDocument();
      expect(window.location.search).toBe('');
      expect(confirm.queryByLabelText('Dein Passwort')).not.toBeInTheDocument();
      const word = confirm.getByLabelText('Tippe LÖSCHEN zur Bestätigung');
      expect(word).toHaveFocus();
      const submit = confirm.getByRole('button', { name: 'Konto endgültig löschen' });
      expect(submit).toBeDisabled();
      await user.type(word, 'LÖSCHEN');
      await user.click(submit);
      expect(await screen.findByText('Dein Konto wurde gelöscht.')).toBeInTheDocument();
      expect(bodies).toEqual([{ confirmation: 'LÖSCHEN' }]);
    });

    it('says when the confirmation failed and offers it again', async () => {
      server.use(status(false));
      renderApp('/dashboard?reauth=failed', { session: true });
      const confirm = within(await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' }, { timeout: 20_000 }));
      expect(
        await confirm.findByText(
          'Die Bestätigung hat nicht geklappt. Melde dich mit dem Google- oder Apple-Konto an, das mit deinem Konto verbunden ist, und versuche es erneut.',
        ),
      ).toBeInTheDocument();
      expect(confirm.getByRole('button', { name: 'Mit Google bestätigen' })).toBeInTheDocument();
    });
  });
});
