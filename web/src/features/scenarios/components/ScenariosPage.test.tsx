import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/api';
import { CONVERSATION_ID, makeAnswer, makeDetail, makeMe } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { sseEvent, sseResponse } from '../../../testing/sse';
import type { ScenarioItem, ScenarioList } from '../api/scenarios';

export function makeItem(overrides: Partial<ScenarioItem> = {}): ScenarioItem {
  return {
    id: '7a0c1a52-0000-4000-8000-000000000001',
    title: 'Solaranlage für Familie Berger',
    language: 'de',
    situation: 'cold_call',
    scope: 'mine',
    builtIn: false,
    editable: true,
    persona: { name: 'Petra Berger', role: 'Hausbesitzerin', company: 'Privathaushalt', industry: 'Energie', buyer: 'b2c', formality: 'sie' },
    objectionCount: 2,
    stats: { attempts: 3, wins: 1, bestScore: 82 },
    ...overrides,
  };
}

const BUILT_IN = makeItem({
  id: 'builtin-crm-software-de',
  title: 'CRM-Software für den Mittelstand',
  scope: 'public',
  builtIn: true,
  editable: false,
  situation: 'follow_up',
  persona: { name: 'Jan Keller', role: 'Vertriebsleiter', company: 'Keller GmbH', industry: 'Software', buyer: 'b2b', formality: 'sie' },
  objectionCount: 3,
  stats: { attempts: 0, wins: 0, bestScore: 0 },
});

/** GET /api/scenarios answers `list`; returns the query strings asked. */
function scenariosApi(list: ScenarioList = { items: [makeItem(), BUILT_IN], total: 2 }) {
  const queries: string[] = [];
  server.use(
    http.get('/api/scenarios', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(list);
    }),
  );
  return queries;
}

async function openLibrary(path = '/scenarios', title = 'Szenarien') {
  const view = renderApp(path, { session: true });
  await screen.findByRole('heading', { name: title, level: 1 });
  return view;
}

const card = (title: string) => within(screen.getByRole('heading', { name: title, level: 2 }).closest('li')!);

describe("'Szenarien' library", () => {
  it('is in the sidebar and lists each scenario with situation, persona and my results', async () => {
    scenariosApi();
    await openLibrary();
    const nav = within(screen.getByRole('navigation', { name: 'Hauptnavigation' }));
    expect(nav.getByRole('link', { name: 'Szenarien' })).toHaveAttribute('aria-current', 'page');

    await screen.findByText('2 Szenarien');
    const solar = card('Solaranlage für Familie Berger');
    expect(solar.getByText('Kaltakquise')).toBeInTheDocument();
    expect(solar.getByText('B2C')).toBeInTheDocument();
    expect(solar.getByText('Meine')).toBeInTheDocument();
    expect(solar.getByText(/Petra Berger · Hausbesitzerin · Privathaushalt/)).toBeInTheDocument();
    expect(solar.getByText('2 Einwände')).toBeInTheDocument();
    const stats = within(solar.getByText('Versuche').closest('dl')!);
    expect(stats.getAllByRole('term').map((e) => e.textContent)).toEqual(['Versuche', 'Gewonnen', 'Bestes Ergebnis']);
    expect(stats.getAllByRole('definition').map((e) => e.textContent)).toEqual(['3', '1', '82 %']);
    expect(solar.getByRole('link', { name: 'Bearbeiten' })).toHaveAccessibleDescription('Solaranlage für Familie Berger');
    expect(solar.getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute(
      'href',
      '/app/scenarios/7a0c1a52-0000-4000-8000-000000000001/edit',
    );

    const crm = card('CRM-Software für den Mittelstand');
    expect(crm.getByText('Nachfassen nach Angebot')).toBeInTheDocument();
    expect(crm.getByText('Mitgeliefert')).toBeInTheDocument();
    // not played yet: no best score; built-in: no edit link
    expect(within(crm.getByText('Bestes Ergebnis').closest('div')!).getByText('–')).toBeInTheDocument();
    expect(crm.queryByRole('link', { name: 'Bearbeiten' })).not.toBeInTheDocument();
  });

  it('puts the filters in the URL (back restores them) and asks the server with them', async () => {
    const queries = scenariosApi();
    const { user } = await openLibrary();
    await screen.findByText('2 Szenarien');
    // the UI's language by default; the URL stays clean
    expect(queries).toEqual(['?language=de']);
    expect(window.location.search).toBe('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Situation' }), 'Reklamation');
    await waitFor(() => expect(window.location.search).toBe('?situation=complaint'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'B2B/B2C' }), 'B2B');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Herkunft' }), 'Öffentlich');
    await waitFor(() => expect(queries.at(-1)).toBe('?scope=public&language=de&situation=complaint&buyer=b2b'));
    expect(window.location.search).toBe('?situation=complaint&buyer=b2b&scope=public');

    // back: the previous filters, in the controls and in the request
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Herkunft' })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'B2B/B2C' })).toHaveValue('b2b');
    await waitFor(() => expect(queries.at(-1)).toBe('?language=de&situation=complaint&buyer=b2b'));

    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Situation' })).toHaveValue('');
  });

  it("lists the scenarios in the UI's language; the switch 'Sprache' shows the other one or all ('Alle')", async () => {
    const queries = scenariosApi();
    const { user } = await openLibrary();
    await screen.findByText('2 Szenarien');
    const language = screen.getByRole('combobox', { name: 'Sprache' });
    expect(language).toHaveValue('de');
    expect(within(language).getAllByRole('option').map((o) => o.textContent)).toEqual(['Alle', 'Deutsch', 'Englisch']);
    expect(queries).toEqual(['?language=de']);
    await user.selectOptions(language, 'Englisch');
    await waitFor(() => expect(window.location.search).toBe('?language=en'));
    await waitFor(() => expect(queries.at(-1)).toBe('?language=en'));
    await user.selectOptions(language, 'Alle');
    await waitFor(() => expect(window.location.search).toBe('?language=all'));
    await waitFor(() => expect(queries.at(-1)).toBe(''));
    // back to the UI's language: the URL is clean again
    await user.selectOptions(language, 'Deutsch');
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(queries.at(-1)).toBe('?language=de'));
  });

  it("the filter 'Team' asks for the team's scenarios and marks them as the team's", async () => {
    const teamItem = makeItem({ id: '7a0c1a52-0000-4000-8000-000000000002', title: 'Team-Einwände', scope: 'team', editable: false });
    const queries: string[] = [];
    server.use(
      http.get('/api/scenarios', ({ request }) => {
        const search = new URL(request.url).search;
        queries.push(search);
        return HttpResponse.json(search === '?scope=team&language=de' ? { items: [teamItem], total: 1 } : { items: [makeItem(), BUILT_IN], total: 2 });
      }),
    );
    const { user } = await openLibrary();
    await screen.findByText('2 Szenarien');
    const scope = screen.getByRole('combobox', { name: 'Herkunft' });
    expect(within(scope).getAllByRole('option').map((o) => o.textContent)).toEqual(['Alle', 'Meine', 'Team', 'Öffentlich']);
    await user.selectOptions(scope, 'Team');
    await screen.findByText('1 Szenario');
    expect(queries.at(-1)).toBe('?scope=team&language=de');
    const team = card('Team-Einwände');
    expect(team.getByText('Team')).toBeInTheDocument();
    // a member uses it but does not change it
    expect(team.queryByRole('link', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(team.getByRole('button', { name: 'Mit diesem Szenario starten' })).toBeInTheDocument();
  });

  it('searches once typing pauses, not per key', async () => {
    const queries = scenariosApi();
    const { user } = await openLibrary();
    await screen.findByText('2 Szenarien');
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'Solar');
    await user.type(screen.getByRole('textbox', { name: 'Branche' }), 'Energie');
    await waitFor(() => expect(window.location.search).toBe('?q=Solar&industry=Energie'));
    await waitFor(() => expect(queries.at(-1)).toBe('?language=de&q=Solar&industry=Energie'));
    // one request for the page, one for the search: none per key
    expect(queries).toEqual(['?language=de', '?language=de&q=Solar&industry=Energie']);
  });

  it('pages through a long list', async () => {
    const queries = scenariosApi({ items: [makeItem()], total: 45 });
    const { user } = await openLibrary();
    const paging = within(await screen.findByRole('navigation', { name: 'Seiten' }));
    expect(paging.getByText('Seite 1 von 3')).toBeInTheDocument();
    expect(paging.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await user.click(paging.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?language=de&page=2'));
    expect(paging.getByText('Seite 2 von 3')).toBeInTheDocument();
    // a new filter starts again on page 1
    await user.selectOptions(screen.getByRole('combobox', { name: 'Situation' }), 'Zusatzverkauf');
    await waitFor(() => expect(queries.at(-1)).toBe('?language=de&situation=upsell'));
  });

  it('says when nothing matches', async () => {
    scenariosApi({ items: [], total: 0 });
    await openLibrary();
    expect(await screen.findByText('Keine Szenarien gefunden.')).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    let calls = 0;
    server.use(
      http.get('/api/scenarios', () => {
        calls++;
        return calls === 1 ? HttpResponse.json({ error: 'x' }, { status: 500 }) : HttpResponse.json({ items: [makeItem()], total: 1 });
      }),
    );
    const { user } = await openLibrary('/scenarios?q=x');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Szenarien konnten nicht geladen werden.');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByText('1 Szenario');
  });

  it("'Mit diesem Szenario starten' chooses mode and difficulty (capped by the objections) and the chat sends scenarioId", async () => {
    scenariosApi();
    const bodies: ChatRequest[] = [];
    server.use(
      http.post('/api/chat', async ({ request }) => {
        bodies.push((await request.json()) as ChatRequest);
        return sseResponse([sseEvent('done', makeAnswer({ message: 'Was kostet das?' }))]);
      }),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeDetail({
            conversation: {
              ...makeDetail().conversation,
              scenario: {
                id: makeItem().id,
                title: 'Solaranlage für Familie Berger',
                situation: 'cold_call',
                persona: { name: 'Petra Berger', role: 'Hausbesitzerin', company: 'Privathaushalt' },
              },
            },
          }),
        ),
      ),
    );
    const { user } = await openLibrary();
    await screen.findByText('2 Szenarien');
    await user.click(card('Solaranlage für Familie Berger').getByRole('button', { name: 'Mit diesem Szenario starten' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Szenario starten' }));
    // two objections: Leicht and Mittel, no Schwer
    const difficulty = within(dialog.getByRole('group', { name: 'Schwierigkeit' }));
    expect(difficulty.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Leicht (1 Einwand)', 'Mittel (2 Einwände)']);
    await user.click(difficulty.getByRole('radio', { name: /^Mittel/ }));
    await user.click(dialog.getByRole('button', { name: 'Zum Chat' }));

    // the dialog chose mode and difficulty: the chat starts without asking for them again
    expect(await screen.findByText(/^Übung · Mittel: /)).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
    expect(screen.queryByRole('heading', { name: 'Bereit für das nächste Level?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    // the header names the scenario and the persona
    expect(screen.getByText('Solaranlage für Familie Berger')).toBeInTheDocument();
    expect(screen.getByText('Petra Berger · Hausbesitzerin · Privathaushalt')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Deine Nachricht' });
    await waitFor(() => expect(input).toBeEnabled());
    await user.type(input, 'Guten Tag, Frau Berger{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ mode: 'Übung', difficulty: 2, scenarioId: makeItem().id, message: 'Guten Tag, Frau Berger' });
  });

  it('the chat header shows the scenario of a conversation opened from the history', async () => {
    const conversation = {
      ...makeDetail().conversation,
      title: 'Solar-Gespräch',
      scenario: {
        id: makeItem().id,
        title: 'Solaranlage für Familie Berger',
        situation: 'cold_call' as const,
        persona: { name: 'Petra Berger', role: 'Hausbesitzerin', company: 'Privathaushalt' },
      },
    };
    server.use(
      http.get('/api/conversations', () => HttpResponse.json([conversation])),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeDetail({ conversation }))),
    );
    const view = renderApp('/chat', { session: true });
    await view.user.click(await screen.findByRole('button', { name: /^Solar-Gespräch/ }));
    await screen.findByText('Das ist mir zu teuer.');
    const header = within(document.querySelector('.chat__header') as HTMLElement);
    expect(await header.findByText('Solaranlage für Familie Berger')).toBeInTheDocument();
    expect(header.getByText('Petra Berger · Hausbesitzerin · Privathaushalt')).toBeInTheDocument();
    expect(header.getByText('Szenario')).toBeInTheDocument();
  });

  it('an exam start sends no difficulty', async () => {
    scenariosApi();
    const bodies: ChatRequest[] = [];
    server.use(
      http.post('/api/chat', async ({ request }) => {
        bodies.push((await request.json()) as ChatRequest);
        return sseResponse([sseEvent('done', makeAnswer({ message: 'Ja?' }))]);
      }),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeDetail({ conversation: { ...makeDetail().conversation, mode: 'Prüfung' } }))),
    );
    const { user } = await openLibrary();
    await screen.findByText('2 Szenarien');
    await user.click(card('CRM-Software für den Mittelstand').getByRole('button', { name: 'Mit diesem Szenario starten' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Szenario starten' }));
    await user.click(dialog.getByRole('radio', { name: 'Prüfung' }));
    expect(dialog.queryByRole('group', { name: 'Schwierigkeit' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Zum Chat' }));
    // an exam needs no difficulty: it starts at once
    const input = await screen.findByRole('textbox', { name: 'Deine Nachricht' });
    await waitFor(() => expect(input).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    await user.type(input, 'Hallo{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ mode: 'Prüfung', scenarioId: 'builtin-crm-software-de', message: 'Hallo' });
  });

  it('imports a file and opens it; a malformed file names its fields readably', async () => {
    scenariosApi();
    const imported = { ...makeItem(), id: '7a0c1a52-0000-4000-8000-0000000000aa', product: 'Solar', objections: [{ family: 'price' }] };
    let calls = 0;
    server.use(
      http.post('/api/scenarios/import', () => {
        calls++;
        if (calls === 1) {
          return HttpResponse.json(
            {
              error: 'Bitte überprüfe deine Eingaben.',
              code: 'invalid_data',
              fields: {
                'persona.name': { code: 'scenario_field_required', error: 'Dieses Feld ist erforderlich.' },
                'objections.0.criteria.1': { code: 'scenario_field_too_long', error: 'Dieses Feld darf höchstens 200 Zeichen lang sein.', params: { max: 200 } },
              },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(imported, { status: 201 });
      }),
      http.get(`/api/scenarios/${imported.id}`, () => HttpResponse.json(imported)),
    );
    await openLibrary();
    const file = screen.getByLabelText('Szenario importieren (JSON)');

    // not JSON at all: said at once, nothing sent
    fireEvent.change(file, { target: { files: [new File(['kein json'], 's.json', { type: 'application/json' })] } });
    expect(await screen.findByText('Die Datei ist kein JSON.')).toBeInTheDocument();
    expect(calls).toBe(0);

    fireEvent.change(file, { target: { files: [new File(['{"version":1}'], 's.json', { type: 'application/json' })] } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Datei konnte nicht importiert werden.');
    expect(within(alert).getByText('Käufer-Persona › Name: Dieses Feld ist erforderlich.')).toBeInTheDocument();
    expect(within(alert).getByText('Einwand 1 › Kriterium 2: Dieses Feld darf höchstens 200 Zeichen lang sein.')).toBeInTheDocument();

    fireEvent.change(file, { target: { files: [new File(['{"version":1}'], 's.json', { type: 'application/json' })] } });
    await waitFor(() => expect(currentPath()).toBe(`/scenarios/${imported.id}/edit`));
    expect(await screen.findByText('Szenario „Solaranlage für Familie Berger“ importiert.')).toBeInTheDocument();
  });

  it('is in English in the English UI', async () => {
    scenariosApi();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    await openLibrary('/scenarios', 'Scenarios');
    await screen.findByText('2 scenarios');
    const solar = card('Solaranlage für Familie Berger');
    expect(solar.getByText('Cold call')).toBeInTheDocument();
    expect(card('CRM-Software für den Mittelstand').getByText('Follow-up after an offer')).toBeInTheDocument();
    expect(solar.getByRole('button', { name: 'Start with this scenario' })).toHaveAccessibleDescription('Solaranlage für Familie Berger');
  });
});
