import { adminHandlers } from '../../../../testing/handlers';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../../testing/fixtures';
import { renderApp, screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import type { UsageReport, UserUsage } from '../api/usage';

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Admin role and a usage report of `total` users, most tokens first, paged like the server. */
function serveUsage(total = 60) {
  const asked: URLSearchParams[] = [];
  const users: UserUsage[] = Array.from({ length: total }, (_, i) => ({
    user_id: `u${i + 1}`,
    email: i === 2 ? '' : `user${i + 1}@example.com`,
    display_name: i === 0 ? 'Anna Beispiel' : '',
    plan: i % 3 === 0 ? 'plus' : 'free',
    tokensIn: 60_000 - i * 100,
    tokensOut: 40_000 - i * 100,
    tokens: 100_000 - i * 200,
    calls: 300 - i,
    ...(i === 0 ? { sttSeconds: 95.4, ttsCharacters: 1200 } : { sttSeconds: 0, ttsCharacters: 0 }),
  }));
  server.use(
    ...adminHandlers(),
    http.get('/api/admin/usage', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const limit = Number(params.get('limit') ?? 50);
      const offset = Number(params.get('offset') ?? 0);
      const report: UsageReport = {
        from: params.get('from') ?? day(29),
        to: params.get('to') ?? day(0),
        totals: {
          tokensIn: 1_234_567,
          tokensOut: 765_433,
          tokens: 2_000_000,
          calls: 4321,
          users: total,
          sttSeconds: 3600.6,
          ttsCharacters: 54_321,
        },
        byPlan: [
          { plan: 'free', tokensIn: 1_000_000, tokensOut: 600_000, tokens: 1_600_000, calls: 4000, users: total - 20, sttSeconds: 0, ttsCharacters: 0 },
          {
            plan: 'plus',
            tokensIn: 234_567,
            tokensOut: 165_433,
            tokens: 400_000,
            calls: 321,
            users: 20,
            sttSeconds: 3600.6,
            ttsCharacters: 54_321,
          },
        ],
        users: users.slice(offset, offset + limit),
        total,
      };
      return HttpResponse.json(report);
    }),
  );
  return asked;
}

async function openTokens() {
  const view = renderApp('/token-management', { session: true });
  await screen.findByRole('heading', { name: 'Token-Verwaltung', level: 1 });
  return view;
}

const region = (name: string) => within(screen.getByRole('region', { name }));

describe('token management', () => {
  it('asks for the last 30 days by default and shows totals, plans and the top users', async () => {
    const asked = serveUsage();
    await openTokens();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.get('from')).toBe(day(29));
    expect(asked[0]!.get('to')).toBe(day(0));
    expect(asked[0]!.get('limit')).toBe('25');
    expect(asked[0]!.get('offset')).toBe('0');
    expect(screen.getByLabelText('Von')).toHaveValue(day(29));
    expect(screen.getByLabelText('Bis')).toHaveValue(day(0));
    expect(screen.getByRole('button', { name: 'Letzte 30 Tage' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Letzte 7 Tage' })).toHaveAttribute('aria-pressed', 'false');

    const totals = region('Summen');
    expect(await totals.findByText('2.000.000')).toBeInTheDocument();
    expect(totals.getByText('Eingabe-Tokens').nextElementSibling).toHaveTextContent('1.234.567');
    expect(totals.getByText('Ausgabe-Tokens').nextElementSibling).toHaveTextContent('765.433');
    expect(totals.getByText('Modellaufrufe').nextElementSibling).toHaveTextContent('4.321');
    expect(totals.getByText('Nutzer mit Verbrauch').nextElementSibling).toHaveTextContent('60');
    expect(totals.getByText('Sekunden transkribiert').nextElementSibling).toHaveTextContent('3.601');
    expect(totals.getByText('Zeichen gesprochen').nextElementSibling).toHaveTextContent('54.321');

    const plans = region('Nach Plan').getByRole('table');
    const planRows = within(plans).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(planRows).toEqual([
      'Free1.000.000600.0001.600.0004.0000040',
      'Plus234.567165.433400.0003213.60154.32120',
      'Elite0000000',
    ]);

    const users = region('Nach Nutzer').getByRole('table', { name: 'Nutzer nach Token-Verbrauch, die größten zuerst' });
    const rows = within(users).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent(/^1Anna Beispieluser1@example\.comPlus60\.00040\.000100\.000300951\.200$/);
    expect(rows[1]).toHaveTextContent(/^2user2@example\.comFree/);
    expect(rows[2]).toHaveTextContent(/^3GastFree/);
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
  });

  it('asks again with the preset or the typed dates, and checks them first', async () => {
    const asked = serveUsage();
    const { user } = await openTokens();
    await waitFor(() => expect(asked).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Letzte 7 Tage' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.get('from')).toBe(day(6));
    expect(asked[1]!.get('to')).toBe(day(0));
    expect(screen.getByRole('button', { name: 'Letzte 7 Tage' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2025-05-01' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2025-05-31' } });
    await waitFor(() => expect(asked.at(-1)!.get('to')).toBe('2025-05-31'));
    expect(asked.at(-1)!.get('from')).toBe('2025-05-01');
    expect(screen.getByRole('button', { name: 'Letzte 7 Tage' })).toHaveAttribute('aria-pressed', 'false');
    expect(await region('Summen').findByText('Zeitraum: 01.05.2025 – 31.05.2025')).toBeInTheDocument();

    const count = asked.length;
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2025-06-15' } });
    expect(screen.getByLabelText('Von')).toHaveAccessibleDescription('Das Startdatum darf nicht nach dem Enddatum liegen.');
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2023-01-01' } });
    expect(screen.getByLabelText('Von')).toHaveAccessibleDescription('Der Zeitraum darf höchstens 366 Tage umfassen.');
    expect(screen.queryByRole('region', { name: 'Summen' })).not.toBeInTheDocument();
    expect(asked).toHaveLength(count);
  });

  it('pages through the users and starts on page 1 again for a new period', async () => {
    const asked = serveUsage(60);
    const { user } = await openTokens();
    const table = await screen.findByRole('table', { name: /Nutzer nach Token-Verbrauch/ });
    await within(table).findByText('Anna Beispiel');

    await user.click(screen.getByRole('button', { name: /Nächste Seite/ }));
    expect(await within(table).findByText('user26@example.com')).toBeInTheDocument();
    expect(asked.at(-1)!.get('offset')).toBe('25');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^26user26/);
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Nächste Seite/ }));
    expect(await within(table).findByText('user51@example.com')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('button', { name: /Nächste Seite/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Letzte 90 Tage' }));
    await waitFor(() => expect(asked.at(-1)!.get('from')).toBe(day(89)));
    expect(asked.at(-1)!.get('offset')).toBe('0');
    expect(await within(screen.getByRole('table', { name: /Nutzer nach/ })).findByText('Anna Beispiel')).toBeInTheDocument();
  });

  it("says so when nobody used tokens, and shows the server's error", async () => {
    serveUsage(0);
    const { user } = await openTokens();
    expect(await screen.findByText('Im Zeitraum gibt es keinen Verbrauch.')).toBeInTheDocument();
    server.use(
      http.get('/api/admin/usage', () => HttpResponse.json({ error: 'Ungültiger Zeitraum.' }, { status: 400 })),
    );
    await user.click(screen.getByRole('button', { name: 'Letzte 7 Tage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ungültiger Zeitraum.');
  });

  it('formats numbers and days for an English admin', async () => {
    serveUsage();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en', is_admin: true } }))));
    renderApp('/token-management', { session: true });
    await screen.findByRole('heading', { name: 'Token management', level: 1 });
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(await totals.findByText('2,000,000')).toBeInTheDocument();
    expect(totals.getByText(/^Period: /)).toHaveTextContent(
      `Period: ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${day(29)}T00:00:00Z`))}`,
    );
  });
});
