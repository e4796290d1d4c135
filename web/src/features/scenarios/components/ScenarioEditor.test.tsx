import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREA_STORAGE_KEY } from '../../../lib/app-area';
import { makeMe } from '../../../testing/fixtures';
import { adminHandlers } from '../../../testing/handlers';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { Scenario, ScenarioInput } from '../api/scenarios';

const ID = '7a0c1a52-0000-4000-8000-000000000001';

function makeScenario(overrides: Partial<Scenario> = {}): Scenario {
  return {
    id: ID,
    title: 'Zeiterfassung für Handwerker',
    language: 'de',
    situation: 'cold_call',
    product: 'TimeTrack: Zeiterfassung per App, monatlich kündbar.',
    persona: { name: 'Klaus Meier', role: 'Inhaber', company: 'Meier Elektro', industry: 'Handwerk', buyer: 'b2b', formality: 'sie' },
    objections: [{ wordings: ['Wir schreiben das auf Zettel.'], concern: 'Angst vor Bindung', criteria: ['monatlich kündbar'] }],
    scope: 'mine',
    builtIn: false,
    editable: true,
    stats: { attempts: 0, wins: 0, bestScore: 0 },
    ...overrides,
  };
}

async function openNew() {
  const view = renderApp('/scenarios/new', { session: true });
  await screen.findByRole('heading', { name: 'Neues Szenario', level: 1 });
  return view;
}

/** POST /api/scenarios creates makeScenario(), which GET then answers; returns the bodies sent. */
function acceptCreate(): ScenarioInput[] {
  const sent: ScenarioInput[] = [];
  server.use(
    http.post('/api/scenarios', async ({ request }) => {
      sent.push((await request.json()) as ScenarioInput);
      return HttpResponse.json(makeScenario(), { status: 201 });
    }),
    http.get(`/api/scenarios/${ID}`, () => HttpResponse.json(makeScenario())),
  );
  return sent;
}

/** Fills the required fields of a new scenario with one custom objection. */
async function fillValid(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Titel' }), 'Zeiterfassung für Handwerker');
  await user.type(screen.getByRole('textbox', { name: 'Produktbeschreibung' }), 'TimeTrack: Zeiterfassung per App.');
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Klaus Meier');
  const objection = within(screen.getByRole('group', { name: 'Einwand 1' }));
  await user.type(objection.getByRole('textbox', { name: 'Wortlaut 1' }), 'Wir schreiben das auf Zettel.');
  await user.type(objection.getByRole('textbox', { name: /^Verborgenes Anliegen/ }), 'Angst vor Bindung');
  await user.type(objection.getByRole('textbox', { name: 'Kriterium 1' }), 'monatlich kündbar');
}

describe('scenario editor', () => {
  it('validates with the schema before sending: errors at the fields, the first invalid one focused', async () => {
    const sent: unknown[] = [];
    server.use(http.post('/api/scenarios', async ({ request }) => (sent.push(await request.json()), HttpResponse.json({}, { status: 201 }))));
    const { user } = await openNew();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte prüfe die markierten Felder.')).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Titel' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Dieses Feld ist erforderlich.');
    await waitFor(() => expect(title).toHaveFocus());
    const objection = within(screen.getByRole('group', { name: 'Einwand 1' }));
    expect(objection.getByRole('textbox', { name: 'Kriterium 1' })).toHaveAccessibleDescription('Dieses Feld ist erforderlich.');
    expect(sent).toEqual([]);
    // errors follow edits after the first submit
    await user.type(title, 'x');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('adds and removes wordings, criteria and objections with buttons, within their bounds', async () => {
    const { user } = await openNew();
    const first = within(screen.getByRole('group', { name: 'Einwand 1' }));
    await user.click(first.getByRole('button', { name: '+ Wortlaut hinzufügen' }));
    await user.click(first.getByRole('button', { name: '+ Wortlaut hinzufügen' }));
    expect(first.getByRole('textbox', { name: 'Wortlaut 3' })).toHaveFocus();
    // at most three wordings
    expect(first.queryByRole('button', { name: '+ Wortlaut hinzufügen' })).not.toBeInTheDocument();
    await user.click(first.getByRole('button', { name: 'Wortlaut 2 entfernen' }));
    expect(first.queryByRole('textbox', { name: 'Wortlaut 3' })).not.toBeInTheDocument();
    for (let i = 0; i < 4; i++) await user.click(first.getByRole('button', { name: '+ Kriterium hinzufügen' }));
    expect(first.getAllByRole('textbox', { name: /^Kriterium/ })).toHaveLength(5);
    expect(first.queryByRole('button', { name: '+ Kriterium hinzufügen' })).not.toBeInTheDocument();

    // the only objection cannot be removed; five at most
    expect(first.queryByRole('button', { name: 'Einwand 1 entfernen' })).not.toBeInTheDocument();
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: '+ Einwand hinzufügen' }));
    expect(screen.getByRole('group', { name: 'Einwand 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Einwand hinzufügen' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Einwand 5' })).getByRole('button', { name: 'Einwand 5 entfernen' }));
    expect(screen.queryByRole('group', { name: 'Einwand 5' })).not.toBeInTheDocument();

    // a catalogue family: a select of the families' names
    const second = within(screen.getByRole('group', { name: 'Einwand 2' }));
    await user.click(second.getByRole('radio', { name: 'Kategorie aus dem Katalog' }));
    const family = second.getByRole('combobox', { name: 'Kategorie' });
    expect(within(family).getByRole('option', { name: 'Entscheidungsbefugnis' })).toBeInTheDocument();
    expect(second.queryByRole('textbox', { name: 'Wortlaut 1' })).not.toBeInTheDocument();
  });

  it('sends the schema’s output, then opens the saved scenario and says so', async () => {
    const sent = acceptCreate();
    const { user } = await openNew();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: '+ Einwand hinzufügen' }));
    const second = within(screen.getByRole('group', { name: 'Einwand 2' }));
    await user.click(second.getByRole('radio', { name: 'Kategorie aus dem Katalog' }));
    await user.selectOptions(second.getByRole('combobox', { name: 'Kategorie' }), 'Preis');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Persönlichkeit' }), 'Skeptisch');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(currentPath()).toBe(`/scenarios/${ID}/edit`));
    expect(sent).toEqual([
      {
        title: 'Zeiterfassung für Handwerker',
        language: 'de',
        situation: 'cold_call',
        product: 'TimeTrack: Zeiterfassung per App.',
        persona: { name: 'Klaus Meier', role: '', company: '', industry: '', buyer: 'b2b', personality: 'skeptisch', formality: 'sie' },
        objections: [
          { wordings: ['Wir schreiben das auf Zettel.'], concern: 'Angst vor Bindung', criteria: ['monatlich kündbar'] },
          { family: 'price' },
        ],
        scope: 'mine',
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Szenario bearbeiten', level: 1 })).toBeInTheDocument();
    const saved = await screen.findByText('Szenario gespeichert.');
    // the focus goes to it: the new page's live region would not announce it
    await waitFor(() => expect(saved).toHaveFocus());
  });

  it("shows the server's field errors at the fields named by their JSON path", async () => {
    server.use(
      http.get(`/api/scenarios/${ID}`, () => HttpResponse.json(makeScenario())),
      http.patch(`/api/scenarios/${ID}`, () =>
        HttpResponse.json(
          {
            error: 'Bitte überprüfe deine Eingaben.',
            code: 'invalid_data',
            fields: {
              'objections.0.criteria.0': { code: 'scenario_field_too_long', error: 'Dieses Feld darf höchstens 200 Zeichen lang sein.', params: { max: 200 } },
              'persona.personality': { code: 'scenario_field_bad_choice', error: 'Bitte wähle einen der angebotenen Werte.' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(`/scenarios/${ID}/edit`, { session: true });
    await screen.findByRole('heading', { name: 'Szenario bearbeiten', level: 1 });
    const criterion = await screen.findByRole('textbox', { name: 'Kriterium 1' });
    expect(criterion).toHaveValue('monatlich kündbar');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(criterion).toHaveAccessibleDescription('Dieses Feld darf höchstens 200 Zeichen lang sein.'));
    expect(screen.getByRole('combobox', { name: 'Persönlichkeit' })).toHaveAccessibleDescription('Bitte wähle einen der angebotenen Werte.');
  });

  it('shows the customer’s first message as a preview, with a loading state', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: ScenarioInput[] = [];
    server.use(
      http.post('/api/scenarios/preview', async ({ request }) => {
        sent.push((await request.json()) as ScenarioInput);
        await gate;
        return HttpResponse.json({ message: 'Guten Tag. Wir schreiben das auf Zettel.' });
      }),
    );
    const { user } = await openNew();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Vorschau' }));
    const region = within(screen.getByRole('region', { name: 'Erste Nachricht des Kunden' }));
    expect(await region.findByText('Vorschau wird erstellt …')).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Vorschau' })).toBeDisabled();
    release();
    expect(await region.findByText('Guten Tag. Wir schreiben das auf Zettel.')).toBeInTheDocument();
    expect(sent[0]?.objections).toEqual([{ wordings: ['Wir schreiben das auf Zettel.'], concern: 'Angst vor Bindung', criteria: ['monatlich kündbar'] }]);
  });

  it('deletes after a confirmation', async () => {
    let deleted = 0;
    server.use(
      http.get(`/api/scenarios/${ID}`, () => HttpResponse.json(makeScenario())),
      http.delete(`/api/scenarios/${ID}`, () => (deleted++, new HttpResponse(null, { status: 204 }))),
      http.get('/api/scenarios', () => HttpResponse.json({ items: [], total: 0 })),
    );
    const { user } = renderApp(`/scenarios/${ID}/edit`, { session: true });
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Szenario löschen?' }));
    expect(dialog.getByText('„Zeiterfassung für Handwerker“ wird gelöscht. Das lässt sich nicht rückgängig machen.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    expect(deleted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Szenario löschen?' })).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(currentPath()).toBe('/scenarios'));
    expect(deleted).toBe(1);
  });

  it('a built-in scenario is read-only but can be started and exported', async () => {
    server.use(http.get(`/api/scenarios/${ID}`, () => HttpResponse.json(makeScenario({ builtIn: true, editable: false, scope: 'public' }))));
    renderApp(`/scenarios/${ID}/edit`, { session: true });
    expect(await screen.findByText('Dieses Szenario kannst du nicht bearbeiten; du kannst es starten oder exportieren.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Titel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mit diesem Szenario starten' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exportieren' })).toBeEnabled();
  });

  it('is in English in the English UI', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    const { user } = renderApp('/scenarios/new', { session: true });
    await screen.findByRole('heading', { name: 'New scenario', level: 1 });
    // a new scenario is in the UI's language
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(within(screen.getByRole('combobox', { name: 'Situation' })).getByRole('option', { name: 'Follow-up after an offer' })).toBeInTheDocument();
    const objection = within(screen.getByRole('group', { name: 'Objection 1' }));
    expect(objection.getByRole('textbox', { name: 'Wording 1' })).toBeInTheDocument();
    await user.click(objection.getByRole('radio', { name: 'Category from the catalogue' }));
    expect(within(objection.getByRole('combobox', { name: 'Category' })).getByRole('option', { name: 'Works council' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please check the marked fields.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('This field is required.');
  });

  describe('scope choice', () => {
    /** GET /api/team as the caller's role in a team, or 404 without one. */
    const team = (role: 'owner' | 'manager' | 'member' | null) =>
      http.get('/api/team', () =>
        role
          ? HttpResponse.json({ id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Vertrieb Nord', role, memberCount: 3, seats: 0 })
          : HttpResponse.json({ error: 'Du bist in keinem Team.', code: 'team_not_found' }, { status: 404 }),
      );

    /** Saves a valid new scenario (after choose) and returns the scope sent. */
    async function savedScope(choose?: (user: ReturnType<typeof renderApp>['user']) => Promise<void>) {
      const sent = acceptCreate();
      const { user } = await openNew();
      await fillValid(user);
      if (choose) await choose(user);
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      return sent[0]?.scope;
    }

    it.each(['owner', 'manager'] as const)('offers Team to a team %s and sends it', async (role) => {
      server.use(team(role));
      const scope = await savedScope(async (user) => {
        const select = await screen.findByRole('combobox', { name: 'Sichtbar für' });
        const options = within(select).getAllByRole('option').map((o) => o.textContent);
        expect(options).toEqual(['Nur mich (persönlich)', 'Mein Team (Manager)']);
        await user.selectOptions(select, 'Mein Team (Manager)');
      });
      expect(scope).toBe('team');
    });

    it.each([
      ['a team member', team('member')],
      ['someone without a team', team(null)],
    ])('offers no choice to %s: the scenario is personal', async (_who, handler) => {
      let asked = 0;
      server.use(http.get('/api/team', () => (asked++, undefined)), handler);
      const scope = await savedScope();
      expect(asked).toBeGreaterThan(0);
      expect(screen.queryByRole('combobox', { name: 'Sichtbar für' })).not.toBeInTheDocument();
      expect(scope).toBe('mine');
    });

    it('offers an admin who manages a team all three', async () => {
      server.use(...adminHandlers(), team('manager'));
      // an admin writing scenarios is in the training app
      window.sessionStorage.setItem(AREA_STORAGE_KEY, 'training');
      const { user } = await openNew();
      const select = await screen.findByRole('combobox', { name: 'Sichtbar für' });
      await waitFor(() =>
        expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
          'Nur mich (persönlich)',
          'Mein Team (Manager)',
          'Alle (Admins)',
        ]),
      );
      await user.selectOptions(select, 'Alle (Admins)');
      expect(select).toHaveValue('public');
    });

    it('shows no choice when editing: the scope stays', async () => {
      server.use(team('owner'), http.get(`/api/scenarios/${ID}`, () => HttpResponse.json(makeScenario({ scope: 'team' }))));
      renderApp(`/scenarios/${ID}/edit`, { session: true });
      expect(await screen.findByRole('textbox', { name: 'Titel' })).toHaveValue('Zeiterfassung für Handwerker');
      expect(screen.queryByRole('combobox', { name: 'Sichtbar für' })).not.toBeInTheDocument();
    });
  });
});
