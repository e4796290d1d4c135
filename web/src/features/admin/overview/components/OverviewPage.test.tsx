import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import { makeAdminUser, renderAdmin } from '../../shared/testing';
import type { OverviewResponse } from '../api/overview';

function days(): OverviewResponse['newUsersPerDay'] {
  return Array.from({ length: 30 }, (_, i) => ({
    day: `2025-06-${String(i + 1).padStart(2, '0')}`,
    count: i === 29 ? 4 : i % 10 === 0 ? 2 : 0,
  }));
}

function overview(overrides: Partial<OverviewResponse> = {}): OverviewResponse {
  return {
    users: 1234,
    activeSessions: 7,
    openFeedback: 3,
    chatsToday: 12,
    chatsMonth: 345,
    newUsersPerDay: days(),
    newestUsers: [
      makeAdminUser({ display_name: 'Neu Eins', email: 'neu1@example.com', created_at: '2025-06-30T09:15:00Z' }),
      makeAdminUser({ display_name: '', email: '', is_anonymous: true }),
    ],
    ...overrides,
  };
}

describe('admin overview', () => {
  it("says 'Lade...' while loading, then the key figures", async () => {
    server.use(http.get('/api/admin/overview', () => HttpResponse.json(overview())));
    renderAdmin('/admin-dashboard');
    expect(await screen.findByText('Lade...')).toBeInTheDocument();
    const figures = within(await screen.findByRole('region', { name: 'Kennzahlen' }));
    const pairs = figures.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Benutzer gesamt', '1.234'],
      ['Aktive Sitzungen', '7'],
      ['Offenes Feedback', '3'],
      ['Chats heute', '12'],
      ['Chats diesen Monat', '345'],
    ]);
  });

  it('draws new users per day with a text alternative and a table', async () => {
    server.use(http.get('/api/admin/overview', () => HttpResponse.json(overview())));
    renderAdmin('/admin-dashboard');
    const chart = within(await screen.findByRole('region', { name: 'Neue Benutzer pro Tag' }));
    expect(chart.getByRole('img')).toHaveAccessibleName(
      'Balkendiagramm: 10 neue Benutzer vom 01.06.2025 bis 30.06.2025, höchstens 4 an einem Tag.',
    );
    const table = chart.getByRole('table', { name: 'Neue Benutzer pro Tag, letzte 30 Tage' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('01.06.2025');
    expect(within(rows[1]!).getByRole('cell')).toHaveTextContent('2');
    expect(within(rows[30]!).getByRole('cell')).toHaveTextContent('4');
  });

  it('lists the newest users and links to all users', async () => {
    server.use(http.get('/api/admin/overview', () => HttpResponse.json(overview())));
    renderAdmin('/admin-dashboard');
    const newest = within(await screen.findByRole('region', { name: 'Neueste Benutzer' }));
    const items = newest.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Neu Eins');
    expect(items[0]).toHaveTextContent('neu1@example.com');
    expect(items[1]).toHaveTextContent('Gast');
    expect(newest.getByRole('link', { name: 'Alle Benutzer' })).toHaveAttribute('href', '/app/users');
  });

  it("shows the server's error", async () => {
    server.use(http.get('/api/admin/overview', () => HttpResponse.json({ error: 'Keine Berechtigung.' }, { status: 403 })));
    renderAdmin('/admin-dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Keine Berechtigung.');
  });
});
