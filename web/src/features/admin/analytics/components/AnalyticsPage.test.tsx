import { adminHandlers } from '../../../../testing/handlers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../../lib/i18n';
import { makeMe } from '../../../../testing/fixtures';
import { createTestQueryClient, renderApp, screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import { AnalyticsPage } from './AnalyticsPage';

const SOURCES = {
  google: 120,
  'ai-tool': 30,
  instagram: 25,
  youtube: 10,
  tiktok: 5,
  linkedin: 4,
  direct: 1000,
  other: 40,
};

const VISITS: Record<string, { landing: number; impressum: number; registrierung: number; chatbot: number }> = {
  all: { landing: 1500, impressum: 12, registrierung: 300, chatbot: 210 },
  instagram: { landing: 20, impressum: 0, registrierung: 6, chatbot: 3 },
  youtube: { landing: 9, impressum: 1, registrierung: 2, chatbot: 1 },
  tiktok: { landing: 4, impressum: 0, registrierung: 1, chatbot: 0 },
  linkedin: { landing: 3, impressum: 0, registrierung: 1, chatbot: 1 },
};

/** GET /api/admin/web-vitals of a week: three pages, one with a vital missing, and 'other'. */
const WEB_VITALS = {
  from: '2026-11-15',
  to: '2026-11-21',
  thresholds: { LCP: { good: 2500, poor: 4000 }, INP: { good: 200, poor: 500 }, CLS: { good: 0.1, poor: 0.25 } },
  pages: [
    {
      page: '/chat',
      metrics: {
        LCP: { p75: 1834.6, samples: 120, rating: 'good' },
        INP: { p75: 240, samples: 80, rating: 'needs-improvement' },
        CLS: { p75: 0.012, samples: 118, rating: 'good' },
      },
    },
    {
      page: '/dashboard',
      metrics: {
        LCP: { p75: 4100, samples: 12, rating: 'poor' },
        CLS: { p75: 0.26, samples: 1, rating: 'poor' },
      },
    },
    { page: 'other', metrics: { LCP: { p75: 2500, samples: 1, rating: 'good' } } },
  ],
};

/** Admin role plus analytics answers whose figures grow with the range (×1 for 7 days). */
function serveAnalytics() {
  const analytics: URLSearchParams[] = [];
  const visits: URLSearchParams[] = [];
  const vitals: URLSearchParams[] = [];
  server.use(
    http.get('/api/admin/web-vitals', ({ request }) => {
      vitals.push(new URL(request.url).searchParams);
      return HttpResponse.json(WEB_VITALS);
    }),
    ...adminHandlers(),
    http.get('/api/admin/analytics', ({ request }) => {
      const params = new URL(request.url).searchParams;
      analytics.push(params);
      const factor = Number(params.get('range')) / 7;
      switch (params.get('metric')) {
        case 'visitors':
          return HttpResponse.json({ visitors: Math.round(1234 * factor) });
        case 'visitorsBySource':
          return HttpResponse.json({ visitorsBySource: SOURCES });
        case 'visitorsByPage':
          return HttpResponse.json({ visitorsByPage: { landing: 1500, login: 300, app: 250 } });
      }
      return HttpResponse.json({ error: 'Unbekannte Metrik.' }, { status: 400 });
    }),
    http.get('/api/admin/page-visits', ({ request }) => {
      const params = new URL(request.url).searchParams;
      visits.push(params);
      const counts = VISITS[params.get('src') ?? 'all']!;
      const factor = Number(params.get('days')) / 7;
      return HttpResponse.json([
        Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Math.round(v * factor)])),
      ]);
    }),
  );
  return { analytics, visits, vitals };
}

async function openAnalytics() {
  const view = renderApp('/analytics', { session: true });
  await screen.findByRole('heading', { name: 'Analytics', level: 1 });
  return view;
}

const region = (name: string) => within(screen.getByRole('region', { name }));

/** "Label: value" of the four cards of a page-visit block. */
async function cardFigures(block: string) {
  const cards = await region(block).findAllByRole('listitem');
  return cards.map(
    (li) =>
      `${li.querySelector('.visit-card__label')?.textContent ?? ''}: ${li.querySelector('.visit-card__value')?.textContent ?? ''}`,
  );
}

const CARD_TIPS = [
  ['Landingpage', 'Anzahl der Besuche der Landingpage im ausgewählten Zeitraum.'],
  ['Impressum', 'Anzahl der Besuche des Impressums im ausgewählten Zeitraum.'],
  ['Registrierung', 'Anzahl der Besuche der Registrierung im ausgewählten Zeitraum.'],
  ['Trainings-Chat', 'Anzahl der Besuche des Trainings-Chats im ausgewählten Zeitraum.'],
] as const;

describe('analytics', () => {
  it('asks for the last 7 days by default and shows visitors, sources and pages', async () => {
    const calls = serveAnalytics();
    await openAnalytics();

    expect(screen.getByRole('radio', { name: 'Letzte 7 Tage' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Letzte 30 Tage' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Letzte 90 Tage' })).not.toBeChecked();

    expect(await region('Seitenaufrufe gesamt').findByText('1.234')).toBeInTheDocument();
    await waitFor(() => expect(calls.analytics).toHaveLength(3));
    expect(calls.analytics.map((p) => p.get('metric')).sort()).toEqual(['visitors', 'visitorsByPage', 'visitorsBySource']);
    expect(calls.analytics.every((p) => p.get('range') === '7')).toBe(true);

    const sources = region('Seitenaufrufe nach Quelle');
    const sourceRows = (await sources.findAllByRole('listitem')).map((li) => li.textContent);
    expect(sourceRows).toEqual([
      'Google: 120',
      'KI-Tools: 30',
      'Instagram: 25',
      'YouTube: 10',
      'TikTok: 5',
      'LinkedIn: 4',
      'Direkt: 1.000',
      'Sonstige: 40',
    ]);
    const pages = (await region('Seitenaufrufe nach Seite').findAllByRole('listitem')).map((li) => li.textContent);
    expect(pages).toEqual(['Landing: 1.500', 'Login: 300', 'App: 250']);

    await waitFor(() => expect(calls.visits).toHaveLength(5));
    expect(calls.visits.map((p) => p.get('src'))).toEqual([null, 'instagram', 'youtube', 'tiktok', 'linkedin']);
    expect(calls.visits.every((p) => p.get('days') === '7')).toBe(true);

    expect(await cardFigures('Gesamter Traffic')).toEqual([
      'Landingpage: 1.500',
      'Impressum: 12',
      'Registrierung: 300',
      'Trainings-Chat: 210',
    ]);
    expect(await cardFigures('Instagram')).toEqual([
      'Landingpage: 20',
      'Impressum: 0',
      'Registrierung: 6',
      'Trainings-Chat: 3',
    ]);
  });

  it('gives every card its tooltip (keyboard and screen reader) and every platform its note', async () => {
    serveAnalytics();
    const { user } = await openAnalytics();

    for (const block of ['Gesamter Traffic', 'Instagram', 'YouTube', 'TikTok', 'LinkedIn']) {
      const scope = region(block);
      for (const [page, tip] of CARD_TIPS) {
        const button = await scope.findByRole('button', { name: `Erklärung: ${page}` });
        expect(button).toHaveAccessibleDescription(tip);
      }
    }
    expect(region('Gesamter Traffic').queryByText(/Klickpfaden/)).not.toBeInTheDocument();
    for (const platform of ['Instagram', 'YouTube', 'TikTok', 'LinkedIn']) {
      expect(
        region(platform).getByText(
          `Diese Werte beruhen ausschließlich auf Klickpfaden, die über einen ${platform}-Link gestartet wurden.`,
        ),
      ).toBeInTheDocument();
    }

    // the info buttons are in the tab order; the tooltip is the focused button's description
    const first = region('Gesamter Traffic').getByRole('button', { name: 'Erklärung: Landingpage' });
    first.focus();
    await user.tab();
    expect(region('Gesamter Traffic').getByRole('button', { name: 'Erklärung: Impressum' })).toHaveFocus();
    expect(screen.getAllByRole('tooltip', { hidden: true })).toHaveLength(20);
  });

  it('asks again with range=30 when the range changes', async () => {
    const calls = serveAnalytics();
    const { user } = await openAnalytics();
    expect(await region('Seitenaufrufe gesamt').findByText('1.234')).toBeInTheDocument();
    await waitFor(() => expect(calls.visits).toHaveLength(5));

    await user.click(screen.getByRole('radio', { name: 'Letzte 30 Tage' }));
    expect(screen.getByRole('radio', { name: 'Letzte 30 Tage' })).toBeChecked();
    expect(await region('Seitenaufrufe gesamt').findByText('5.289')).toBeInTheDocument();
    await waitFor(() => expect(calls.analytics).toHaveLength(6));
    expect(calls.analytics.slice(3).every((p) => p.get('range') === '30')).toBe(true);
    await waitFor(() => expect(calls.visits).toHaveLength(10));
    expect(calls.visits.slice(5).every((p) => p.get('days') === '30')).toBe(true);
    await waitFor(async () => expect((await cardFigures('Gesamter Traffic'))[0]).toBe('Landingpage: 6.429'));

    await user.click(screen.getByRole('radio', { name: 'Letzte 90 Tage' }));
    expect(await region('Seitenaufrufe gesamt').findByText('15.866')).toBeInTheDocument();
    await waitFor(() => expect(calls.analytics.filter((p) => p.get('range') === '90')).toHaveLength(3));
  });

  it("says 'Lade...' while the figures load", async () => {
    server.use(
      ...adminHandlers(),
      http.get('/api/admin/analytics', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
      http.get('/api/admin/page-visits', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
      http.get('/api/admin/web-vitals', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await openAnalytics();
    // three overview sections, five page-visit blocks and the web vitals
    expect(await screen.findAllByText('Lade...')).toHaveLength(9);
    expect(region('Seitenaufrufe gesamt').getByRole('status')).toHaveTextContent('Lade...');
  });

  it("shows the server's error text of a non-OK answer", async () => {
    serveAnalytics();
    server.use(
      http.get('/api/admin/analytics', () =>
        HttpResponse.json({ error: 'Ungültiger Zeitraum.' }, { status: 400 }),
      ),
    );
    await openAnalytics();
    expect(await region('Seitenaufrufe gesamt').findByRole('alert')).toHaveTextContent('Ungültiger Zeitraum.');
    expect(await region('Seitenaufrufe nach Quelle').findByRole('alert')).toHaveTextContent('Ungültiger Zeitraum.');
    // the page-visit blocks are not affected
    expect(await region('Gesamter Traffic').findByText('1.500')).toBeInTheDocument();
  });

  it("falls back to 'Fehler beim Laden' when a non-OK answer has no text", async () => {
    serveAnalytics();
    server.use(
      http.get('/api/admin/page-visits', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    await openAnalytics();
    expect(await region('YouTube').findByRole('alert')).toHaveTextContent(/^Fehler beim Laden$/);
    expect(await region('Seitenaufrufe gesamt').findByText('1.234')).toBeInTheDocument();
  });

  it("says 'Unerwarteter Fehler' without an answer or with a broken one", async () => {
    serveAnalytics();
    server.use(
      http.get('/api/admin/analytics', () => HttpResponse.error()),
      http.get('/api/admin/page-visits', () => new HttpResponse('not json', { status: 200 })),
    );
    await openAnalytics();
    expect(await region('Seitenaufrufe gesamt').findByRole('alert')).toHaveTextContent(/^Unerwarteter Fehler$/);
    expect(await region('LinkedIn').findByRole('alert')).toHaveTextContent(/^Unerwarteter Fehler$/);
  });

  it("says 'Keine gültige Sitzung' without a session token and asks nothing", async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/analytics', () => {
        asked++;
        return HttpResponse.json({ visitors: 1 });
      }),
    );
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <I18nProvider>
          <AnalyticsPage />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Keine gültige Sitzung');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(0);
  });

  it("shows each page's 75th percentiles with their rating in words, samples and web.dev's limits", async () => {
    const calls = serveAnalytics();
    const { user } = await openAnalytics();
    const vitals = region('Web Vitals echter Besuche');
    const table = await vitals.findByRole('table', { name: 'Web Vitals je Seite (75. Perzentil)' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Seite', 'LCP', 'INP', 'CLS']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    const heads = within(table).getAllByRole('rowheader').map((th) => th.textContent);
    expect(heads).toEqual(['/chat', '/dashboard', 'Andere Seiten']);
    expect(rows).toEqual([
      ['1,83 s● Gut120 Messungen', '240 ms▲ Verbesserungswürdig80 Messungen', '0,012● Gut118 Messungen'],
      ['4,1 s■ Schlecht12 Messungen', '–keine Messungen', '0,26■ Schlecht1 Messung'],
      ['2,5 s● Gut1 Messung', '–keine Messungen', '–keine Messungen'],
    ]);
    // the rating is text, not colour only; the marks are hidden from screen readers
    const poor = within(table).getAllByText('Schlecht')[0]!;
    expect(poor.closest('.vital__rating')).toHaveClass('vital__rating--poor');
    expect(poor.closest('.vital__rating')?.querySelector('[aria-hidden="true"]')).toHaveTextContent('■');
    // the limits the ratings follow
    expect(within(vitals.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'LCP (Largest Contentful Paint): bis der größte Inhalt zu sehen ist – gut bis 2,5 s, schlecht über 4 s',
      'INP (Interaction to Next Paint): Reaktion auf Klicks und Tastendrücke – gut bis 200 ms, schlecht über 500 ms',
      'CLS (Cumulative Layout Shift): wie stark der Inhalt verrutscht – gut bis 0,1, schlecht über 0,25',
    ]);
    // the table scrolls sideways on narrow screens and is reachable by keyboard
    expect(vitals.getByRole('region', { name: 'Web Vitals je Seite (75. Perzentil)' })).toHaveAttribute('tabindex', '0');

    // the period follows the range picker
    expect(calls.vitals.map((p) => p.get('range'))).toEqual(['7']);
    await user.click(screen.getByRole('radio', { name: 'Letzte 90 Tage' }));
    await waitFor(() => expect(calls.vitals.map((p) => p.get('range'))).toEqual(['7', '90']));
  });

  it('says when the period has no measurements, and shows an error of the web vitals alone', async () => {
    serveAnalytics();
    server.use(http.get('/api/admin/web-vitals', () => HttpResponse.json({ ...WEB_VITALS, pages: [] })));
    const { user } = await openAnalytics();
    const vitals = region('Web Vitals echter Besuche');
    expect(await vitals.findByText('Noch keine Messungen im ausgewählten Zeitraum.')).toBeInTheDocument();
    expect(vitals.queryByRole('table')).not.toBeInTheDocument();
    expect(vitals.getAllByRole('listitem')).toHaveLength(3);

    server.use(
      http.get('/api/admin/web-vitals', () => HttpResponse.json({ error: 'Ungültiger Zeitraum.', code: 'bad_period' }, { status: 400 })),
    );
    await user.click(screen.getByRole('radio', { name: 'Letzte 30 Tage' }));
    expect(await vitals.findByRole('alert')).toHaveTextContent('Ungültiger Zeitraum.');
    expect(await region('Seitenaufrufe gesamt').findByText('5.289')).toBeInTheDocument();
  });

  it('speaks English with en-US style numbers for an English admin', async () => {
    serveAnalytics();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en', is_admin: true } }))));
    await openAnalytics();
    expect(await screen.findByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    expect(await region('Total page views').findByText('1,234')).toBeInTheDocument();
    const block = region('All traffic');
    expect(await block.findByRole('button', { name: 'Explanation: Landing page' })).toHaveAccessibleDescription(
      'Number of visits to the landing page in the selected period.',
    );
    expect(
      region('TikTok').getByText('These figures are based solely on click paths that started from a TikTok link.'),
    ).toBeInTheDocument();
    const vitals = region('Web vitals of real visits');
    const chat = (await vitals.findByRole('rowheader', { name: '/chat' })).closest('tr')!;
    expect(within(chat).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '1.83 s● Good120 measurements',
      '240 ms▲ Needs improvement80 measurements',
      '0.012● Good118 measurements',
    ]);
    expect(within(vitals.getByRole('table')).getByRole('rowheader', { name: 'Other pages' })).toBeInTheDocument();
    expect(vitals.getByText(/^CLS \(Cumulative Layout Shift\): how much the content shifts – good up to 0\.1, poor above 0\.25$/)).toBeInTheDocument();
  });
});
