import { adminHandlers } from '../../../testing/handlers';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse, MeUpdateRequest } from '../../../lib/api';
import { makeMe } from '../../../testing/fixtures';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

/** A stateful /api/me: PATCH changes what GET answers. */
function meStore(start: MeResponse = makeMe()) {
  let me = start;
  const patches: MeUpdateRequest[] = [];
  server.use(
    http.get('/api/me', () => HttpResponse.json(me)),
    http.patch('/api/me', async ({ request }) => {
      const patch = (await request.json()) as MeUpdateRequest;
      patches.push(patch);
      const { product_description, has_seen_intro, ...user } = patch;
      me = {
        ...me,
        user: { ...me.user, ...user },
        profile: {
          ...me.profile,
          ...(product_description !== undefined ? { product_description } : {}),
          ...(has_seen_intro !== undefined ? { has_seen_intro } : {}),
        },
      };
      return HttpResponse.json(me);
    }),
  );
  return { patches, current: () => me };
}

async function openProfile() {
  const view = renderApp('/help', { session: true });
  await view.user.click(await screen.findByRole('button', { name: /Profil öffnen/ }));
  const element = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
  const dialog = within(element);
  await dialog.findByLabelText('Anzeigename');
  return { ...view, element, dialog };
}

function png(bytes = 16): File {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([data], 'ich.png', { type: 'image/png' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('profile popup', () => {
  it('has the fields, with the options of the specification', async () => {
    const { dialog } = await openProfile();
    expect(dialog.getByLabelText('Anzeigename')).toHaveValue('Anna Beispiel');
    expect(dialog.getByLabelText('Rolle im Unternehmen')).toHaveValue('');
    const options = (label: string) =>
      within(dialog.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Anrede')).toEqual(['Standard (du)', 'Du', 'Sie']);
    expect(options('Sprache')).toEqual(['Standard (de)', 'Deutsch', 'Englisch']);
    await waitFor(() => expect(options('Tonalität des Kunden')).toEqual(['Standard (neutral)', 'Freundlich', 'Skeptisch']));
    expect(dialog.getByLabelText('Produktbeschreibung')).toHaveValue('CRM-Software');
    expect(dialog.getByLabelText('Website (optional)')).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    // the × in the header and the button at the bottom
    expect(dialog.getAllByRole('button', { name: 'Schließen' })).toHaveLength(2);
  });

  it("autosaves 800 ms after the last change, showing 'Speichere…'", async () => {
    const store = meStore();
    const { dialog } = await openProfile();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const name = dialog.getByLabelText('Anzeigename');
    fireEvent.change(name, { target: { value: 'Anna B' } });
    fireEvent.change(name, { target: { value: 'Anna Berger' } });
    // The save state's status (the dialog also holds the notices' live region).
    const saveState = dialog.getAllByRole('status', { name: '' }).filter((el) => !el.closest('.notice-region'));
    expect(saveState).toHaveLength(1);
    expect(saveState[0]).toHaveTextContent('Speichere…');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(store.patches).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(250));
    await waitFor(() => expect(store.patches).toEqual([{ display_name: 'Anna Berger' }]));
    expect(await dialog.findByText('Gespeichert')).toBeInTheDocument();
    // the sidebar shows the new name from the answer
    expect(await screen.findByText('Anna Berger', { selector: '.sidebar__profile-name' })).toBeInTheDocument();
  });

  it('sends only what changed, the tone preset as null for Standard', async () => {
    const store = meStore(makeMe({ user: { tone_preset_id: 'skeptisch' } }));
    const { dialog, user } = await openProfile();
    await waitFor(() => expect(dialog.getByLabelText('Tonalität des Kunden')).toHaveValue('skeptisch'));
    await user.selectOptions(dialog.getByLabelText('Tonalität des Kunden'), 'Standard (neutral)');
    await user.selectOptions(dialog.getByLabelText('Anrede'), 'Sie');
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.patches).toEqual([{ formality: 'sie', tone_preset_id: null }]);
  });

  it('names the tone presets in the UI language, German where no English was written', async () => {
    meStore(makeMe({ user: { language: 'en' } }));
    const view = renderApp('/help', { session: true });
    await view.user.click(await screen.findByRole('button', { name: /open profile/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit profile' }));
    const select = await dialog.findByLabelText("The customer's tone");
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Friendly' })).toBeInTheDocument());
    expect(within(select).getByRole('option', { name: 'Skeptisch' })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: 'Freundlich' })).not.toBeInTheDocument();
  });

  it('the explicit Save saves at once and closes', async () => {
    const store = meStore();
    const { dialog, user } = await openProfile();
    await user.type(dialog.getByLabelText('Rolle im Unternehmen'), 'Key Account');
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.patches).toEqual([{ role: 'Key Account' }]);
  });

  it.each([
    [403, { error: 'permission denied' }, 'Keine Berechtigung zum Aktualisieren des Profils.'],
    [404, { error: 'not found' }, 'Keine Berechtigung oder kein Datensatz aktualisiert.'],
    [500, { error: 'kaputt' }, 'Speichern fehlgeschlagen: kaputt'],
  ])('a failed save (%i) says so and stays open', async (status, body, text) => {
    server.use(http.patch('/api/me', () => HttpResponse.json(body, { status })));
    const { dialog, user } = await openProfile();
    await user.type(dialog.getByLabelText('Rolle im Unternehmen'), 'X');
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('dialog', { name: 'Profil bearbeiten' })).toBeInTheDocument();
  });

  it('changing the language switches the UI language', async () => {
    const store = meStore();
    const { dialog, user } = await openProfile();
    await user.selectOptions(dialog.getByLabelText('Sprache'), 'Englisch');
    expect(await screen.findByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help' })).toBeInTheDocument();
    await waitFor(() => expect(store.patches).toEqual([{ language: 'en' }]), { timeout: 3000 });
  });

  it('shows the tier and the lower-cased status, and the usage bar clamped to 100', async () => {
    server.use(
      http.get('/api/subscription', () =>
        HttpResponse.json({
          tier: 'plus',
          status: 'ACTIVE',
          paypal_id: 'I-PLUS',
          plan_id: 'P-PLUS',
          cancel_at_period_end: false,
          cancel_at: null,
          cycle_start: '2025-06-01T00:00:00Z',
        }),
      ),
      http.get('/api/me/usage', () =>
        HttpResponse.json({ used: 260, quota: 250, plan: 'plus', cycleStart: '2025-06-01T00:00:00Z' }),
      ),
    );
    const { dialog } = await openProfile();
    expect(await dialog.findByText('Plus')).toBeInTheDocument();
    expect(dialog.getByText('aktiv')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Abo kündigen' })).toBeInTheDocument();
    const bar = dialog.getByRole('progressbar', { name: 'Chats in diesem Zeitraum' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(bar).toHaveAttribute('aria-valuetext', '260 / 250');
  });

  it('the usage bar shows used / quota of the cycle', async () => {
    const { dialog } = await openProfile();
    const bar = dialog.getByRole('progressbar', { name: 'Chats in diesem Zeitraum' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(dialog.getByText('2 / 5')).toBeInTheDocument();
  });
});

describe('forced mode', () => {
  it('opens by itself without a product, cannot be closed and requires the product', async () => {
    const store = meStore(makeMe({ profile: { product_description: '' } }));
    const view = renderApp('/help', { session: true });
    const element = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    const dialog = within(element);
    expect(
      await dialog.findByText('Bitte trage dein Produkt ein, damit wir dich bestmöglich unterstützen können.'),
    ).toBeInTheDocument();
    expect(element).toHaveAccessibleDescription(
      'Bitte trage dein Produkt ein, damit wir dich bestmöglich unterstützen können.',
    );
    // no × and no close button
    expect(dialog.queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
    // Escape (the dialog's cancel event) is refused
    const cancel = new Event('cancel', { cancelable: true });
    element.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    await view.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Profil bearbeiten' })).toBeInTheDocument();

    await view.user.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(await dialog.findByText('Bitte beschreibe dein Produkt.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Produktbeschreibung')).toHaveFocus();
    expect(store.patches).toEqual([]);

    await view.user.type(dialog.getByLabelText('Produktbeschreibung'), 'Cloud-Telefonanlage');
    await view.user.click(dialog.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.current().profile.product_description).toBe('Cloud-Telefonanlage');
  });

  it('stays forced after an autosave saved the first letters', async () => {
    const store = meStore(makeMe({ profile: { product_description: '' } }));
    renderApp('/help', { session: true });
    const element = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    const dialog = within(element);
    fireEvent.change(await dialog.findByLabelText('Produktbeschreibung'), { target: { value: 'Cl' } });
    await waitFor(() => expect(store.patches).toEqual([{ product_description: 'Cl' }]), { timeout: 3000 });
    expect(dialog.queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
    expect(dialog.getByText('Bitte trage dein Produkt ein, damit wir dich bestmöglich unterstützen können.')).toBeInTheDocument();
  });

  it('an admin is never forced', async () => {
    server.use(
      ...adminHandlers(),
      http.get('/api/me', () => HttpResponse.json(makeMe({ profile: { product_description: '' } }))),
    );
    renderApp('/admin-dashboard', { session: true });
    expect(await screen.findByRole('heading', { name: 'Übersicht', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('website analysis', () => {
  it('is disabled while the URL is empty; a blank URL asks for one', async () => {
    const { dialog, user } = await openProfile();
    const analyse = dialog.getByRole('button', { name: 'Analysieren' });
    expect(analyse).toBeDisabled();
    await user.type(dialog.getByLabelText('Website (optional)'), '   ');
    expect(analyse).toBeEnabled();
    await user.click(analyse);
    expect(await dialog.findByText('Bitte eine URL angeben.')).toBeInTheDocument();
  });

  it('fills the product description with the summary and says so; disabled while it runs', async () => {
    const store = meStore();
    let body: unknown;
    server.use(
      http.post('/api/product-summary', async ({ request }) => {
        body = await request.json();
        await delay(100);
        return HttpResponse.json({ summary: 'CloudCRM verwaltet Kontakte und Angebote.' });
      }),
    );
    const { dialog, user } = await openProfile();
    await user.type(dialog.getByLabelText('Website (optional)'), 'cloudcrm.example');
    await user.click(dialog.getByRole('button', { name: 'Analysieren' }));
    expect(dialog.getByRole('button', { name: 'Analysiere…' })).toBeDisabled();
    expect(await dialog.findByText('Die Produktbeschreibung wurde aus der URL erstellt.')).toBeInTheDocument();
    expect(body).toEqual({ url: 'https://cloudcrm.example' });
    expect(dialog.getByLabelText('Produktbeschreibung')).toHaveValue('CloudCRM verwaltet Kontakte und Angebote.');
    await waitFor(() =>
      expect(store.patches).toEqual([{ product_description: 'CloudCRM verwaltet Kontakte und Angebote.' }]),
      { timeout: 3000 },
    );
  });

  it.each([
    [HttpResponse.json({ error: 'Die Seite ist nicht erreichbar.' }, { status: 502 }), 'Analyse fehlgeschlagen.'],
    [HttpResponse.json({ summary: '  ' }), 'Keine Zusammenfassung erhalten.'],
  ])('errors: %#', async (response, text) => {
    server.use(http.post('/api/product-summary', () => response.clone()));
    const { dialog, user } = await openProfile();
    await user.type(dialog.getByLabelText('Website (optional)'), 'https://example.com');
    await user.click(dialog.getByRole('button', { name: 'Analysieren' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    expect(dialog.getByLabelText('Produktbeschreibung')).toHaveValue('CRM-Software');
  });
});

describe('avatar', () => {
  it.each([
    [new File(['hallo'], 'notiz.txt', { type: 'text/plain' }), 'Nur JPG, PNG oder GIF sind erlaubt.'],
    [new File([new Uint8Array(2_097_153)], 'gross.png', { type: 'image/png' }), 'Datei zu groß (max. 2 MB).'],
    [new File(['kein bild'], 'falsch.png', { type: 'image/png' }), 'Ungültige Bilddatei.'],
  ])('checks the file before the upload: %#', async (file, text) => {
    let uploads = 0;
    server.use(
      http.put('/api/me/avatar', () => {
        uploads++;
        return HttpResponse.json({ avatar_url: '/x.png' });
      }),
    );
    const { dialog } = await openProfile();
    fireEvent.change(dialog.getByTestId('avatar-input'), { target: { files: [file] } });
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    expect(uploads).toBe(0);
  });

  it('uploads a picture (shown in the sidebar) and removes it', async () => {
    let received: string | null = null;
    server.use(
      http.put('/api/me/avatar', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file');
        received = file !== null && typeof file !== 'string' ? file.name : null;
        return HttpResponse.json({ avatar_url: '/media/avatars/ich.png' });
      }),
      http.delete('/api/me/avatar', () => new HttpResponse(null, { status: 204 })),
    );
    const { dialog, user } = await openProfile();
    expect(dialog.getByLabelText('Profilbild')).toBe(dialog.getByTestId('avatar-input'));
    fireEvent.change(dialog.getByTestId('avatar-input'), { target: { files: [png()] } });
    expect(await dialog.findByText('Profilbild gespeichert.')).toBeInTheDocument();
    expect(received).not.toBeNull();
    const sidebar = within(screen.getByRole('complementary'));
    await waitFor(() =>
      expect(sidebar.getByRole('button', { name: /Profil öffnen/ }).querySelector('img')).toHaveAttribute(
        'src',
        '/media/avatars/ich.png',
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Bild entfernen' }));
    expect(await dialog.findByText('Profilbild entfernt.')).toBeInTheDocument();
    expect(sidebar.getByRole('button', { name: /Profil öffnen/ }).querySelector('img')).toBeNull();
  });

  it("shows the server's upload error", async () => {
    server.use(
      http.put('/api/me/avatar', () =>
        HttpResponse.json({ error: 'Upload fehlgeschlagen: Speicher voll' }, { status: 500 }),
      ),
    );
    const { dialog } = await openProfile();
    fireEvent.change(dialog.getByTestId('avatar-input'), { target: { files: [png()] } });
    expect(await dialog.findByRole('alert')).toHaveTextContent('Upload fehlgeschlagen: Speicher voll');
  });
});

describe('history deletion', () => {
  it('asks first, then deletes', async () => {
    let deleted = 0;
    server.use(
      http.delete('/api/me/history', () => {
        deleted++;
        return HttpResponse.json({ deleted: 3 });
      }),
    );
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Historie löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Historie wirklich löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(deleted).toBe(0);
    // the profile popup stays open
    expect(screen.getByRole('dialog', { name: 'Profil bearbeiten' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Historie löschen' }));
    const again = await screen.findByRole('dialog', { name: 'Historie wirklich löschen?' });
    await user.click(within(again).getByRole('button', { name: 'Historie löschen' }));
    expect(await screen.findByText('Historie gelöscht (3 Chats).')).toBeInTheDocument();
    expect(deleted).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Profil bearbeiten' })).toBeInTheDocument();
  });

  it("says 'Löschen fehlgeschlagen: {message}'", async () => {
    server.use(http.delete('/api/me/history', () => HttpResponse.json({ error: 'Datenbank weg' }, { status: 500 })));
    const { dialog, user } = await openProfile();
    await user.click(dialog.getByRole('button', { name: 'Historie löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Historie wirklich löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Historie löschen' }));
    expect(await dialog.findByText('Löschen fehlgeschlagen: Datenbank weg')).toBeInTheDocument();
  });

  it("says 'Historie konnte nicht geladen werden.' when the history does not load", async () => {
    server.use(http.get('/api/conversations', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    const { dialog } = await openProfile();
    expect(await dialog.findByText('Historie konnte nicht geladen werden.')).toBeInTheDocument();
  });
});
