import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/api';
import { CONVERSATION_ID, makeAnswer, makeDetail, makeMe } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { sseEvent, sseResponse } from '../../../testing/sse';
import type { ProgressReport, TechniqueProgress } from '../api/progress';

const tech = (key: TechniqueProgress['key'], shown: number, total: number, previousRate: number | null): TechniqueProgress => ({
  key,
  shown,
  total,
  rate: total ? Math.round((shown / total) * 100) : null,
  previousRate,
});

function makeReport(overrides: Partial<ProgressReport> = {}): ProgressReport {
  return {
    range: 30,
    techniques: [
      tech('acknowledge', 8, 10, 50), // 80 %, up
      tech('question', 3, 10, 60), // 30 %, down
      tech('benefit', 5, 10, 52), // 50 %, flat
      tech('evidence', 2, 10, null), // no comparison
      tech('next_step', 6, 10, 60),
      tech('formality', 10, 10, 100),
      tech('tone', 9, 10, 90),
    ],
    weekly: [
      { weekStart: '2026-11-09', techniques: { acknowledge: 60, question: 50 } },
      { weekStart: '2026-11-16', techniques: {} },
      { weekStart: '2026-11-23', techniques: { acknowledge: 100, question: 20 } },
    ],
    families: [
      { key: 'price', attempts: 5, solved: 1, averageScore: 35 },
      { key: 'no_time', attempts: 3, solved: 3, averageScore: 85 },
      { key: 'trust', attempts: 4, solved: 2, averageScore: 50 },
      { key: 'authority', attempts: 2, solved: 1, averageScore: 45 },
      { key: 'timing', attempts: 1, solved: 1, averageScore: 90 },
    ],
    exams: [
      { conversationId: '11111111-1111-4111-8111-111111111111', date: '2026-11-10T10:00:00Z', difficulty: 2, score: 55 },
      { conversationId: '22222222-2222-4222-8222-222222222222', date: '2026-11-20T10:00:00Z', difficulty: 2, score: 72 },
    ],
    recommendation: { family: 'price', technique: 'question', difficulty: 2 },
    ...overrides,
  };
}

/** GET /api/me/progress answers `report` (with the range asked for); returns the ranges asked. */
function progressApi(report: ProgressReport = makeReport()) {
  const ranges: string[] = [];
  server.use(
    http.get('/api/me/progress', ({ request }) => {
      const range = new URL(request.url).searchParams.get('range') ?? '';
      ranges.push(range);
      return HttpResponse.json({ ...report, range: Number(range) });
    }),
  );
  return ranges;
}

async function openProgress(title = 'Mein Fortschritt') {
  const view = renderApp('/progress', { session: true });
  await screen.findByRole('heading', { name: title, level: 1 });
  return view;
}

const card = (name: string) => within(screen.getByRole('heading', { name, level: 3 }).closest('li')!);

describe("'Mein Fortschritt'", () => {
  it('is in the sidebar right below Dashboard', async () => {
    progressApi();
    await openProgress();
    const nav = within(screen.getByRole('navigation', { name: 'Hauptnavigation' }));
    const links = nav.getAllByRole('link').map((a) => a.textContent);
    expect(links.slice(0, 2)).toEqual(['Dashboard', 'Mein Fortschritt']);
    expect(nav.getByRole('link', { name: 'Mein Fortschritt' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows per technique the rate, the period before and the trend in words', async () => {
    const ranges = progressApi();
    await openProgress();
    await screen.findByText('10 bewertete Antworten im Zeitraum');
    expect(ranges).toEqual(['30']);

    const acknowledge = card('Einwand anerkennen');
    expect(acknowledge.getByText('80 %')).toBeInTheDocument();
    expect(acknowledge.getByText('8 von 10 Antworten')).toBeInTheDocument();
    expect(acknowledge.getByText('Zeitraum davor: 50 %')).toBeInTheDocument();
    expect(acknowledge.getByText('Trend: steigend')).toBeInTheDocument();
    expect(card('Rückfrage stellen').getByText('Trend: fallend')).toBeInTheDocument();
    expect(card('Nutzen fürs Produkt').getByText('Trend: gleich')).toBeInTheDocument();
    const evidence = card('Beleg / Beispiel');
    expect(evidence.getByText('Zeitraum davor: –')).toBeInTheDocument();
    expect(evidence.getByText('Trend: noch kein Vergleich')).toBeInTheDocument();
  });

  it('draws each technique as a chart with an accessible name that says its values, and has them as a table too', async () => {
    progressApi();
    const { user } = await openProgress();
    const chart = await screen.findByRole('img', { name: /^Einwand anerkennen je Woche/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).toHaveAccessibleName('Einwand anerkennen je Woche: 9. Nov. 60 %, 23. Nov. 100 %');
    // the week without answers is a gap: two dots, two lines of one point each
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Passende Anrede je Woche: noch keine Werte' })).toBeInTheDocument();

    await user.click(screen.getByText('Wochenwerte als Tabelle', { selector: 'summary' }));
    const table = screen.getByRole('table', { name: 'Wochenwerte als Tabelle' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Woche ab',
      'Einwand anerkennen',
      'Rückfrage stellen',
      'Nutzen fürs Produkt',
      'Beleg / Beispiel',
      'Nächster Schritt',
      'Passende Anrede',
      'Ton & Länge',
    ]);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('9. Nov.');
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent).slice(0, 3)).toEqual(['60 %', '50 %', '–']);
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent).slice(0, 2)).toEqual(['–', '–']);
    // the table scrolls in its own named box on a phone, reachable by keyboard
    expect(screen.getByRole('region', { name: 'Wochenwerte als Tabelle' })).toHaveAttribute('tabindex', '0');
  });

  it('lists the families with attempts, solved and average score, the three weakest marked in words', async () => {
    progressApi();
    await openProgress();
    const families = within(await screen.findByRole('region', { name: 'Einwände' }));
    const rows = families.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Preisschwach',
      'Keine Zeit',
      'Vertrauenschwach',
      'Entscheidungsbefugnisschwach',
      'Zeitpunkt',
    ]);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5', '1', '35']);
    expect(rows.filter((r) => r.classList.contains('progress__weak'))).toHaveLength(3);
  });

  it('shows the exams over time and the best per difficulty', async () => {
    progressApi();
    await openProgress();
    const best = await screen.findByRole('heading', { name: 'Bestleistung je Schwierigkeit' });
    const list = within(best.nextElementSibling as HTMLElement);
    expect(list.getByText('Mittel').nextElementSibling).toHaveTextContent('72 %');
    expect(list.getByText('Leicht').nextElementSibling).toHaveTextContent('–');
    expect(screen.getByRole('img', { name: 'Prüfungsergebnisse: 10.11.2026 55 %, 20.11.2026 72 %' })).toBeInTheDocument();
  });

  it('switches the period', async () => {
    const ranges = progressApi();
    const { user } = await openProgress();
    await screen.findByText('10 bewertete Antworten im Zeitraum');
    const period = within(screen.getByRole('group', { name: 'Zeitraum' }));
    expect(period.getByRole('button', { name: '30 Tage' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(period.getByRole('button', { name: '7 Tage' }));
    await waitFor(() => expect(ranges).toEqual(['30', '7']));
    expect(period.getByRole('button', { name: '7 Tage' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(period.getByRole('button', { name: '90 Tage' }));
    await waitFor(() => expect(ranges).toEqual(['30', '7', '90']));
  });

  it("says 'Noch zu wenig Daten' under 5 answers, with no button", async () => {
    progressApi(
      makeReport({
        techniques: [tech('acknowledge', 2, 4, null), tech('question', 1, 4, null)],
        recommendation: null,
      }),
    );
    await openProgress();
    const next = within(await screen.findByRole('region', { name: 'Als Nächstes üben' }));
    expect(next.getByText('Noch zu wenig Daten')).toBeInTheDocument();
    expect(next.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('4 bewertete Antworten im Zeitraum')).toBeInTheDocument();
  });

  it("'Als Nächstes üben' starts a practice at the recommended difficulty whose first message asks for that family", async () => {
    progressApi();
    const bodies: ChatRequest[] = [];
    server.use(
      http.post('/api/chat', async ({ request }) => {
        bodies.push((await request.json()) as ChatRequest);
        return sseResponse([sseEvent('done', makeAnswer({ message: 'Das ist mir zu teuer.' }))]);
      }),
      // the chat reads the conversation it started (its messages do not matter here)
      http.get(`/api/conversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeDetail())),
    );
    const { user } = await openProgress();
    const next = within(await screen.findByRole('region', { name: 'Als Nächstes üben' }));
    expect(
      next.getByText(
        'Dein schwächster Einwand ist „Preis“, deine schwächste Technik „Rückfrage stellen“. Übe beides in einem Chat auf Stufe Mittel: der Kunde bringt diesen Einwand zuerst.',
      ),
    ).toBeInTheDocument();
    await user.click(next.getByRole('button', { name: 'Übung starten: Preis' }));

    // the recommendation chose mode and difficulty: the chat starts without asking for them again
    expect(await screen.findByText(/^Übung · Mittel · Einwand „Preis“: /)).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
    expect(screen.queryByRole('heading', { name: 'Bereit für das nächste Level?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mittel/ })).not.toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Deine Nachricht' });
    await waitFor(() => expect(input).toBeEnabled());
    await user.type(input, 'Guten Tag, hier ist CloudCRM{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ mode: 'Übung', difficulty: 2, focusFamily: 'price', message: 'Guten Tag, hier ist CloudCRM' });
  });

  it('offers a retry when the report cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/api/me/progress', () => {
        calls++;
        return calls === 1 ? HttpResponse.json({ error: 'x' }, { status: 500 }) : HttpResponse.json(makeReport());
      }),
    );
    const { user } = await openProgress();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dein Fortschritt konnte nicht geladen werden.');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await screen.findByText('10 bewertete Antworten im Zeitraum');
  });

  it('is in English in the English UI', async () => {
    progressApi();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    await openProgress('My progress');
    await screen.findByText('10 scored answers in the period');
    expect(screen.getByRole('link', { name: 'My progress' })).toBeInTheDocument();
    expect(card('Acknowledge the objection').getByText('Trend: up')).toBeInTheDocument();
    expect(card('Ask a question').getByText('Trend: down')).toBeInTheDocument();
    expect(card('Product benefit').getByText('Trend: flat')).toBeInTheDocument();
    expect(card('Acknowledge the objection').getByText('Period before: 50 %')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acknowledge the objection per week: 9 Nov 60 %, 23 Nov 100 %' })).toBeInTheDocument();
    const next = within(screen.getByRole('region', { name: 'Practise next' }));
    expect(next.getByRole('button', { name: 'Start practice: Price' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Period' })).toBeInTheDocument();
    expect(screen.getAllByText('weak')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Personal best per difficulty' })).toBeInTheDocument();
  });
});
