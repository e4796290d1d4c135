import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

async function openSection() {
  const view = renderApp('/help', { session: true });
  await view.user.click(await screen.findByRole('button', { name: /Profil öffnen/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Profil bearbeiten' }, { timeout: 10_000 }));
  const section = within(await dialog.findByRole('group', { name: 'Zwei-Faktor-Anmeldung' }));
  return { ...view, section };
}

describe('Zwei-Faktor-Anmeldung in the profile', () => {
  it('sets up the app with the QR code or the secret, refuses a wrong code and shows the recovery codes once', async () => {
    let enabled = false;
    const confirms: unknown[] = [];
    server.use(
      http.get('/api/me/totp', () =>
        HttpResponse.json({ enabled, pending: false, recoveryCodesLeft: enabled ? 10 : 0, required: false }),
      ),
      http.post('/api/me/totp', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' }),
      ),
      http.post('/api/me/totp/confirm', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        confirms.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json(
            {
              code: 'totp_code_invalid',
              error: 'Der Code ist ungültig oder abgelaufen.',
              fields: { code: { code: 'totp_code_invalid', error: 'Der Code ist ungültig oder abgelaufen.' } },
            },
            { status: 400 },
          );
        }
        enabled = true;
        return HttpResponse.json({ recoveryCodes: CODES });
      }),
    );
    const { user, section } = await openSection();
    await user.click(section.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }));
    expect(await section.findByRole('img', { name: 'QR-Code für die Authenticator-App' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(section.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const field = section.getByLabelText('6-stelliger Code aus der App');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '000000{Enter}');
    expect(await section.findByText('Der Code ist ungültig oder abgelaufen.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(section.getByRole('button', { name: 'Aktivieren' }));
    const list = await section.findByRole('list', { name: 'Deine Wiederherstellungscodes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    await user.click(section.getByRole('button', { name: 'Ich habe die Codes gespeichert' }));
    expect(await section.findByText('Die Zwei-Faktor-Anmeldung ist aktiv. Noch 10 Wiederherstellungscodes.')).toBeInTheDocument();
    expect(section.queryByRole('list', { name: 'Deine Wiederherstellungscodes' })).not.toBeInTheDocument();
    expect(confirms).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('turns it off with the password, or with a code when the field holds six digits', async () => {
    let enabled = true;
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/me/totp', () =>
        HttpResponse.json({ enabled, pending: false, recoveryCodesLeft: 3, required: false }),
      ),
      http.post('/api/me/totp/disable', async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        bodies.push(body);
        if (body.password === 'falsch') {
          return HttpResponse.json(
            {
              code: 'totp_password_wrong',
              error: 'Das Passwort ist falsch.',
              fields: { password: { code: 'totp_password_wrong', error: 'Das Passwort ist falsch.' } },
            },
            { status: 400 },
          );
        }
        enabled = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, section } = await openSection();
    const field = await section.findByLabelText('Passwort oder Code');
    await user.type(field, 'falsch');
    await user.click(section.getByRole('button', { name: 'Deaktivieren' }));
    expect(await section.findByText('Das Passwort ist falsch.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '654321');
    await user.click(section.getByRole('button', { name: 'Deaktivieren' }));
    expect(await section.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'falsch' }, { code: '654321' }]);
  });
});
