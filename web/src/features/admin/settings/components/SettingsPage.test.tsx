import { adminHandlers } from '../../../../testing/handlers';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import type { AdminSettings, AdminTonePreset, PromoCode } from '../api/settings';

const BUILTIN: AdminSettings = {
  engine: { name: 'builtin', model: '', baseUrl: '' },
  plans: [
    { plan: 'free', planId: '', quota: 5 },
    { plan: 'plus', planId: 'P-PLUS-1', quota: 250 },
    { plan: 'elite', planId: 'P-ELITE-1', quota: 1000 },
    { plan: 'promo', planId: '', quota: 1000 },
  ],
  paypalConfigured: false,
  examPassMark: 70,
};

/** A local day n days from today (what a date input holds). */
function localDay(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/** Admin role and an in-memory back-office: settings, tone presets, promo codes. */
function serveSettings(initial: AdminSettings = BUILTIN) {
  let settings = initial;
  const requests: Recorded[] = [];
  let presets: AdminTonePreset[] = [
    { id: 'freundlich', name: 'Freundlich', name_en: 'Friendly', description: 'Höflich und offen.', sort_order: 1, users: 4 },
    { id: 'skeptisch', name: 'Skeptisch', name_en: '', description: 'Misstraut Versprechen.', sort_order: 2, users: 3 },
  ];
  let codes: PromoCode[] = [
    {
      id: 'c1',
      code: 'LAUNCH',
      plan: 'plus',
      description: 'Start',
      active: true,
      max_redemptions: 10,
      redemptions: 3,
      valid_until: null,
      created_at: '2025-06-01T10:00:00Z',
    },
    {
      id: 'c2',
      code: 'OPEN',
      plan: 'elite',
      description: '',
      active: false,
      max_redemptions: null,
      redemptions: 0,
      valid_until: '2099-12-31T22:59:59Z',
      created_at: '2025-05-01T10:00:00Z',
    },
    {
      id: 'c3',
      code: 'OLD',
      plan: 'promo',
      description: '',
      active: true,
      max_redemptions: null,
      redemptions: 7,
      valid_until: '2020-01-31T22:59:59Z',
      created_at: '2020-01-01T10:00:00Z',
    },
    {
      id: 'c4',
      code: 'FULL',
      plan: 'plus',
      description: '',
      active: true,
      max_redemptions: 2,
      redemptions: 2,
      valid_until: null,
      created_at: '2019-01-01T10:00:00Z',
    },
  ];
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    requests.push({ method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined });
  };
  const conflict = (name: string, except?: string) =>
    presets.some((p) => p.id !== except && p.name.toLowerCase() === name.toLowerCase());

  server.use(
    ...adminHandlers(),
    http.get('/api/admin/settings', () => HttpResponse.json(settings)),
    http.patch('/api/admin/settings', async ({ request }) => {
      await record(request, 'settings');
      settings = { ...settings, ...(requests.at(-1)!.body as Partial<AdminSettings>) };
      return HttpResponse.json(settings);
    }),
    http.post('/api/admin/settings/engine-check', async ({ request }) => {
      await record(request, 'engine-check');
      return HttpResponse.json({ ok: true, latencyMs: 3 });
    }),
    http.get('/api/admin/tone-presets', () => HttpResponse.json(presets)),
    http.post('/api/admin/tone-presets', async ({ request }) => {
      await record(request, 'tone-presets');
      const body = requests.at(-1)!.body as { name: string; name_en: string; description: string };
      if (conflict(body.name)) return HttpResponse.json({ error: 'Diesen Namen gibt es schon.' }, { status: 409 });
      const preset = { id: `p${presets.length + 1}`, ...body, sort_order: presets.length + 1, users: 0 };
      presets = [...presets, preset];
      return HttpResponse.json(preset, { status: 201 });
    }),
    http.patch('/api/admin/tone-presets/:id', async ({ request, params }) => {
      await record(request, `tone-presets/${String(params.id)}`);
      const body = requests.at(-1)!.body as { name?: string; description?: string };
      if (body.name !== undefined && conflict(body.name, String(params.id))) {
        return HttpResponse.json({ error: 'Diesen Namen gibt es schon.' }, { status: 409 });
      }
      presets = presets.map((p) => (p.id === params.id ? { ...p, ...body } : p));
      return HttpResponse.json(presets.find((p) => p.id === params.id));
    }),
    http.delete('/api/admin/tone-presets/:id', async ({ request, params }) => {
      await record(request, `tone-presets/${String(params.id)}`);
      presets = presets.filter((p) => p.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/admin/promo-codes', () => HttpResponse.json(codes)),
    http.post('/api/admin/promo-codes', async ({ request }) => {
      await record(request, 'promo-codes');
      const body = requests.at(-1)!.body as Partial<PromoCode> & { code: string };
      if (codes.some((c) => c.code.toLowerCase() === body.code.toLowerCase())) {
        return HttpResponse.json({ error: 'Diesen Code gibt es schon.' }, { status: 409 });
      }
      const code: PromoCode = {
        id: `c${codes.length + 1}`,
        plan: 'plus',
        description: '',
        active: true,
        max_redemptions: null,
        redemptions: 0,
        valid_until: null,
        created_at: new Date().toISOString(),
        ...body,
      };
      codes = [code, ...codes];
      return HttpResponse.json(code, { status: 201 });
    }),
    http.patch('/api/admin/promo-codes/:id', async ({ request, params }) => {
      await record(request, `promo-codes/${String(params.id)}`);
      const body = requests.at(-1)!.body as Partial<PromoCode>;
      codes = codes.map((c) => (c.id === params.id ? { ...c, ...body } : c));
      return HttpResponse.json(codes.find((c) => c.id === params.id));
    }),
  );
  return requests;
}

async function openSettings() {
  const view = renderApp('/settings', { session: true });
  await screen.findByRole('heading', { name: 'Einstellungen', level: 1 });
  return view;
}

const region = (name: string) => within(screen.getByRole('region', { name }));

describe('settings: the exam pass mark', () => {
  it('shows the pass mark, refuses what is not 1 to 100 and saves a new one', async () => {
    const requests = serveSettings({ ...BUILTIN, examPassMark: 70 });
    const { user } = await openSettings();
    const exam = region('Prüfung');
    const input = await exam.findByLabelText('Bestehensgrenze (%)');
    expect(input).toHaveValue('70');

    for (const bad of ['0', '101', '7,5', '']) {
      await user.clear(input);
      if (bad) await user.type(input, bad);
      await user.click(exam.getByRole('button', { name: 'Speichern' }));
      expect(await exam.findByText('Die Bestehensgrenze muss zwischen 1 und 100 % liegen.')).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(requests).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '55');
    await user.click(exam.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bestehensgrenze auf 55 % gesetzt.')).toBeInTheDocument();
    expect(requests).toEqual([{ method: 'PATCH', path: 'settings', body: { examPassMark: 55 } }]);
    expect(input).toHaveValue('55');
  });

  it("shows the server's refusal at the field", async () => {
    serveSettings();
    server.use(
      http.patch('/api/admin/settings', () =>
        HttpResponse.json(
          {
            code: 'exam_pass_mark_invalid',
            error: 'Die Bestehensgrenze muss zwischen 1 und 100 % liegen.',
            fields: { examPassMark: { code: 'exam_pass_mark_invalid', error: 'Die Bestehensgrenze muss zwischen 1 und 100 % liegen.', params: { min: 1, max: 100 } } },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openSettings();
    const exam = region('Prüfung');
    const input = await exam.findByLabelText('Bestehensgrenze (%)');
    await user.clear(input);
    await user.type(input, '60');
    await user.click(exam.getByRole('button', { name: 'Speichern' }));
    expect(await exam.findByText('Die Bestehensgrenze muss zwischen 1 und 100 % liegen.')).toBeInTheDocument();
  });
});

describe('settings: engine and plans', () => {
  it("shows the built-in trainer and tests the connection with progress and 'ok' + latency", async () => {
    const requests = serveSettings();
    let release: () => void = () => undefined;
    server.use(
      http.post('/api/admin/settings/engine-check', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ ok: true, latencyMs: 3 });
      }),
    );
    const { user } = await openSettings();
    const engine = region('Modell-Engine');
    expect(await engine.findByText('Eingebauter Trainer')).toBeInTheDocument();
    expect(engine.getByText('Modell').nextElementSibling).toHaveTextContent('–');

    await user.click(engine.getByRole('button', { name: 'Verbindung testen' }));
    const busy = engine.getByRole('button', { name: 'Verbindung wird getestet…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    release();
    expect(await engine.findByRole('status')).toHaveTextContent('Verbindung in Ordnung (3 ms).');
    expect(engine.getByRole('button', { name: 'Verbindung testen' })).not.toHaveAttribute('aria-disabled');
    expect(requests).toHaveLength(0);
  });

  it('shows an OpenAI-compatible engine and the error of a failed test', async () => {
    serveSettings({
      ...BUILTIN,
      engine: { name: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1' },
      paypalConfigured: true,
    });
    server.use(
      http.post('/api/admin/settings/engine-check', () =>
        HttpResponse.json({ ok: false, latencyMs: 5001, error: 'Zeitüberschreitung nach 5 s' }),
      ),
    );
    const { user } = await openSettings();
    const engine = region('Modell-Engine');
    expect(await engine.findByText('OpenAI-kompatibel')).toBeInTheDocument();
    expect(engine.getByText('gpt-4o-mini')).toBeInTheDocument();
    expect(engine.getByText('https://api.openai.com/v1')).toBeInTheDocument();
    await user.click(engine.getByRole('button', { name: 'Verbindung testen' }));
    expect(await engine.findByRole('alert')).toHaveTextContent('Verbindung fehlgeschlagen: Zeitüberschreitung nach 5 s');

    server.use(
      http.post('/api/admin/settings/engine-check', () =>
        HttpResponse.json({ error: 'Keine Berechtigung.' }, { status: 403 }),
      ),
    );
    await user.click(engine.getByRole('button', { name: 'Verbindung testen' }));
    await waitFor(() => expect(engine.getByRole('alert')).toHaveTextContent('Keine Berechtigung.'));
    expect(region('Pläne und Kontingente').getByText('PayPal ist konfiguriert.')).toBeInTheDocument();
  });

  it('lists plan ids and quotas read-only', async () => {
    serveSettings();
    await openSettings();
    const plans = region('Pläne und Kontingente');
    const rows = (await plans.findAllByRole('row')).slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Free–5', 'PlusP-PLUS-1250', 'EliteP-ELITE-11.000', 'Promonicht konfiguriert1.000']);
    expect(plans.getByText('PayPal ist nicht konfiguriert: Upgrades sind nicht möglich.')).toBeInTheDocument();
    expect(plans.queryByRole('textbox')).not.toBeInTheDocument();
    expect(plans.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('settings: tone presets', () => {
  it('lists the presets with their users and adds one', async () => {
    const requests = serveSettings();
    const { user } = await openSettings();
    const tones = region('Ton-Vorgaben');
    const list = await tones.findByRole('list', { name: 'Ton-Vorgaben' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Freundlich \/ FriendlyHöflich und offen\.Nutzer: 4/),
      expect.stringMatching(/^SkeptischMisstraut Versprechen\.Nutzer: 3/),
    ]);

    const add = within(tones.getByRole('form', { name: 'Ton-Vorgabe hinzufügen' }));
    await user.click(add.getByRole('button', { name: 'Hinzufügen' }));
    expect(add.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name darf nicht leer sein.');
    expect(add.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(requests).toHaveLength(0);

    await user.type(add.getByRole('textbox', { name: 'Name' }), '  Ungeduldig ');
    await user.type(add.getByRole('textbox', { name: 'Name (Englisch)' }), 'Impatient');
    await user.type(add.getByRole('textbox', { name: 'Beschreibung' }), 'Hat wenig Zeit.');
    await user.click(add.getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(list).findByText('Ungeduldig')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: 'tone-presets',
        body: { name: 'Ungeduldig', name_en: 'Impatient', description: 'Hat wenig Zeit.' },
      },
    ]);
    expect(await screen.findByText('Ton-Vorgabe „Ungeduldig“ hinzugefügt.')).toBeInTheDocument();
    expect(add.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it("shows the conflict 'Diesen Namen gibt es schon.' at the name", async () => {
    serveSettings();
    const { user } = await openSettings();
    const add = within(await screen.findByRole('form', { name: 'Ton-Vorgabe hinzufügen' }));
    await screen.findByRole('list', { name: 'Ton-Vorgaben' });
    await user.type(add.getByRole('textbox', { name: 'Name' }), 'skeptisch');
    await user.click(add.getByRole('button', { name: 'Hinzufügen' }));
    const name = add.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Diesen Namen gibt es schon.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
  });

  it('renames a preset (only the changed field is sent) and handles a name conflict', async () => {
    const requests = serveSettings();
    const { user } = await openSettings();
    const tones = region('Ton-Vorgaben');
    await user.click(await tones.findByRole('button', { name: '„Freundlich“ bearbeiten' }));
    const form = within(tones.getByRole('form', { name: '„Freundlich“ bearbeiten' }));
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Freundlich');
    expect(name).toHaveFocus();
    expect(form.getByRole('textbox', { name: 'Beschreibung' })).toHaveValue('Höflich und offen.');

    await user.clear(name);
    await user.type(name, 'Skeptisch');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Diesen Namen gibt es schon.'));

    await user.clear(name);
    await user.type(name, 'Sehr freundlich');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    const edit = await tones.findByRole('button', { name: '„Sehr freundlich“ bearbeiten' });
    expect(edit).toHaveFocus();
    expect(requests.at(-1)).toEqual({
      method: 'PATCH',
      path: 'tone-presets/freundlich',
      body: { name: 'Sehr freundlich' },
    });
    expect(screen.getByText('Ton-Vorgabe „Sehr freundlich“ gespeichert.')).toBeInTheDocument();
  });

  it('cancels an edit without a request', async () => {
    const requests = serveSettings();
    const { user } = await openSettings();
    const tones = region('Ton-Vorgaben');
    await user.click(await tones.findByRole('button', { name: '„Skeptisch“ bearbeiten' }));
    const form = within(tones.getByRole('form', { name: '„Skeptisch“ bearbeiten' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'X');
    await user.click(form.getByRole('button', { name: 'Abbrechen' }));
    expect(tones.getByText('Skeptisch')).toBeInTheDocument();
    expect(tones.getByRole('button', { name: '„Skeptisch“ bearbeiten' })).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('removes a preset only after the confirmation (its users fall back to neutral)', async () => {
    const requests = serveSettings();
    const { user } = await openSettings();
    const tones = region('Ton-Vorgaben');

    await user.click(await tones.findByRole('button', { name: '„Skeptisch“ entfernen' }));
    let dialog = screen.getByRole('dialog', { name: 'Ton-Vorgabe entfernen?' });
    expect(dialog).toHaveAccessibleDescription(
      '„Skeptisch“ wird gelöscht. Nutzer mit dieser Vorgabe (3) bekommen wieder den neutralen Kunden.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.click(tones.getByRole('button', { name: '„Skeptisch“ entfernen' }));
    dialog = screen.getByRole('dialog', { name: 'Ton-Vorgabe entfernen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(tones.queryByText('Skeptisch')).not.toBeInTheDocument());
    expect(requests).toEqual([{ method: 'DELETE', path: 'tone-presets/skeptisch', body: undefined }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Ton-Vorgabe „Skeptisch“ entfernt.')).toBeInTheDocument();
    expect(tones.getByRole('list', { name: 'Ton-Vorgaben' })).toHaveFocus();
  });

  it('keeps the dialog open with the error when removing fails', async () => {
    serveSettings();
    server.use(
      http.delete('/api/admin/tone-presets/:id', () =>
        HttpResponse.json({ error: 'Ton-Vorgabe nicht gefunden.' }, { status: 404 }),
      ),
    );
    const { user } = await openSettings();
    await user.click(await region('Ton-Vorgaben').findByRole('button', { name: '„Freundlich“ entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Ton-Vorgabe entfernen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ton-Vorgabe nicht gefunden.');
  });
});

describe('settings: promo codes', () => {
  it('lists the codes with their uses, expiry and state', async () => {
    serveSettings();
    await openSettings();
    const table = await region('Promo-Codes').findByRole('table', { name: 'Alle Promo-Codes, die neuesten zuerst' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (i: number) => within(rows[i]!).getAllByRole('cell').map((c) => c.textContent);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('LAUNCH');
    expect(cells(0)).toEqual(['Plus', 'Start', '3 / 10', 'ohne Ablauf', 'Aktiv', 'Deaktivieren']);
    expect(cells(1)).toEqual(['Elite', '–', '0 / unbegrenzt', expect.stringMatching(/2099/), 'Inaktiv', 'Aktivieren']);
    expect(cells(2)).toEqual(['Promo', '–', '7 / unbegrenzt', expect.stringMatching(/2020/), 'Abgelaufen', 'Deaktivieren']);
    expect(cells(3)).toEqual(['Plus', '–', '2 / 2', 'ohne Ablauf', 'Aufgebraucht', 'Deaktivieren']);
  });

  it('checks the new code before sending: format, limit, expiry in the future', async () => {
    const requests = serveSettings();
    const { user } = await openSettings();
    const form = within(await screen.findByRole('form', { name: 'Promo-Code anlegen' }));
    await user.type(form.getByRole('textbox', { name: 'Code' }), 'a b');
    await user.type(form.getByRole('spinbutton', { name: 'Maximale Einlösungen (optional)' }), '0');
    fireEvent.change(form.getByLabelText('Gültig bis (optional)'), { target: { value: localDay(-1) } });
    await user.click(form.getByRole('button', { name: 'Anlegen' }));

    expect(form.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
      /Der Code muss 3–32 Zeichen aus Buchstaben, Ziffern, - und _ haben\./,
    );
    expect(form.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    expect(form.getByRole('spinbutton', { name: 'Maximale Einlösungen (optional)' })).toHaveAccessibleDescription(
      /Das Limit muss eine ganze Zahl ab 1 sein\./,
    );
    expect(form.getByLabelText('Gültig bis (optional)')).toHaveAccessibleDescription(
      /Das Ablaufdatum muss in der Zukunft liegen\./,
    );
    expect(requests).toHaveLength(0);
  });

  it('creates a code and lists it first', async () => {
    const requests = serveSettings();
    const { user } = await openSettings();
    const form = within(await screen.findByRole('form', { name: 'Promo-Code anlegen' }));
    await user.type(form.getByRole('textbox', { name: 'Code' }), 'SOMMER25');
    await user.selectOptions(form.getByRole('combobox', { name: 'Plan' }), 'Elite');
    await user.type(form.getByRole('spinbutton', { name: 'Maximale Einlösungen (optional)' }), '50');
    const day = localDay(30);
    fireEvent.change(form.getByLabelText('Gültig bis (optional)'), { target: { value: day } });
    await user.type(form.getByRole('textbox', { name: 'Beschreibung (optional)' }), 'Sommeraktion');
    await user.click(form.getByRole('button', { name: 'Anlegen' }));

    expect(await screen.findByText('Promo-Code SOMMER25 angelegt.')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: 'promo-codes',
        body: {
          code: 'SOMMER25',
          plan: 'elite',
          description: 'Sommeraktion',
          max_redemptions: 50,
          valid_until: new Date(`${day}T23:59:59.999`).toISOString(),
        },
      },
    ]);
    const table = region('Promo-Codes').getByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^SOMMER25EliteSommeraktion0 \/ 50/);
    expect(form.getByRole('textbox', { name: 'Code' })).toHaveValue('');
  });

  it("shows the server's field errors and the conflict at the fields", async () => {
    serveSettings();
    const { user } = await openSettings();
    const form = within(await screen.findByRole('form', { name: 'Promo-Code anlegen' }));
    await region('Promo-Codes').findByRole('table');
    const code = form.getByRole('textbox', { name: 'Code' });
    await user.type(code, 'launch');
    await user.click(form.getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Diesen Code gibt es schon\./));
    expect(code).toHaveFocus();

    server.use(
      http.post('/api/admin/promo-codes', () =>
        HttpResponse.json(
          {
            error: 'Das Ablaufdatum muss in der Zukunft liegen.',
            fields: { valid_until: 'Das Ablaufdatum muss in der Zukunft liegen.' },
          },
          { status: 400 },
        ),
      ),
    );
    await user.clear(code);
    await user.type(code, 'NEU2025');
    fireEvent.change(form.getByLabelText('Gültig bis (optional)'), { target: { value: localDay(1) } });
    await user.click(form.getByRole('button', { name: 'Anlegen' }));
    const validUntil = form.getByLabelText('Gültig bis (optional)');
    await waitFor(() => expect(validUntil).toHaveAccessibleDescription(/Das Ablaufdatum muss in der Zukunft liegen\./));
    expect(validUntil).toHaveFocus();
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('deactivates and activates a code', async () => {
    const requests = serveSettings();
    const { user } = await openSettings();
    const table = await region('Promo-Codes').findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'LAUNCH deaktivieren' }));
    expect(await within(table).findByRole('button', { name: 'LAUNCH aktivieren' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Inaktiv');
    await user.click(within(table).getByRole('button', { name: 'OPEN aktivieren' }));
    expect(await within(table).findByRole('button', { name: 'OPEN deaktivieren' })).toBeInTheDocument();
    expect(requests).toEqual([
      { method: 'PATCH', path: 'promo-codes/c1', body: { active: false } },
      { method: 'PATCH', path: 'promo-codes/c2', body: { active: true } },
    ]);

    server.use(
      http.patch('/api/admin/promo-codes/:id', async () => {
        await delay(10);
        return HttpResponse.json({ error: 'Promo-Code nicht gefunden.' }, { status: 404 });
      }),
    );
    await user.click(within(table).getByRole('button', { name: 'FULL deaktivieren' }));
    expect(await screen.findByText('Promo-Code nicht gefunden.')).toBeInTheDocument();
  });
});
