import { waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import { minutesAgo } from '../../../../testing/time';
import { renderAdmin } from '../../shared/testing';
import type { AdminFeedbackItem } from '../api/feedback';

function item(overrides: Partial<AdminFeedbackItem> = {}): AdminFeedbackItem {
  return {
    id: 'f1',
    user_id: 'u1',
    email: 'anna@example.com',
    name: 'Anna Beispiel',
    subject: 'Button hängt',
    type: 'bug',
    message: 'Der Start-Button reagiert nicht.',
    status: 'erhalten',
    created_at: '2025-06-03T10:05:00Z',
    ...overrides,
  };
}

async function openFeedback() {
  const view = renderAdmin('/admin-feedback');
  await screen.findByRole('heading', { name: 'Feedback', level: 1 });
  return view;
}

describe('admin feedback', () => {
  it("says 'Lade...' while loading", async () => {
    server.use(
      http.get('/api/admin/feedback', async () => {
        await delay(50);
        return HttpResponse.json({ items: [], total: 0 });
      }),
    );
    await openFeedback();
    expect(screen.getByText('Lade...')).toBeInTheDocument();
    expect(await screen.findByText('Es liegt kein Feedback vor.')).toBeInTheDocument();
  });

  it("says 'Feedbacks konnten nicht geladen werden.'", async () => {
    server.use(http.get('/api/admin/feedback', () => HttpResponse.json({ error: 'kaputt' }, { status: 500 })));
    await openFeedback();
    expect(await screen.findByRole('alert')).toHaveTextContent('Feedbacks konnten nicht geladen werden.');
  });

  it('shows subject, type, message, sender, a status select and how long ago it came (de-DE time on hover)', async () => {
    server.use(
      http.get('/api/admin/feedback', () =>
        HttpResponse.json({
          items: [
            item({ created_at: minutesAgo(3) }),
            item({ id: 'f2', subject: '', type: 'feature', email: 'gast@example.com', name: '', status: 'bearbeitet' }),
            item({ id: 'f3', type: 'general', email: '', name: '', user_id: null }),
          ],
          total: 3,
        }),
      ),
    );
    await openFeedback();
    const table = await screen.findByRole('table', { name: 'Feedback, neuestes zuerst' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Betreff',
      'Typ',
      'Nachricht',
      'Von',
      'Status',
      'Erstellt am',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Button hängt');
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Fehler',
      'Der Start-Button reagiert nicht.',
      'Anna Beispielanna@example.com',
      'ErhaltenIn BearbeitungBearbeitet',
      'vor 3 Minuten',
    ]);
    // the specification's de-DE creation time on hover
    const created = within(rows[0]!).getByText('vor 3 Minuten');
    expect(created).toHaveAttribute('title', new Date(created.getAttribute('datetime') ?? '').toLocaleString('de-DE'));
    const select = within(rows[0]!).getByRole('combobox', { name: 'Status von „Button hängt“' });
    expect(select).toHaveValue('erhalten');
    expect(within(rows[1]!).getByRole('combobox', { name: 'Status von „(ohne Betreff)“' })).toHaveValue('bearbeitet');
    expect(within(rows[1]!).getByRole('cell', { name: 'Funktionswunsch' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: 'Allgemein' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: 'Unbekannt' })).toBeInTheDocument();
  });

  it('a new status is sent at once (PATCH) and confirmed', async () => {
    const patches: { id: string; body: unknown }[] = [];
    server.use(
      http.get('/api/admin/feedback', () => HttpResponse.json({ items: [item()], total: 1 })),
      http.patch('/api/admin/feedback/:id', async ({ request, params }) => {
        const body = (await request.json()) as { status: AdminFeedbackItem['status'] };
        patches.push({ id: String(params.id), body });
        return HttpResponse.json(item({ status: body.status }));
      }),
    );
    const { user } = await openFeedback();
    const select = await screen.findByRole('combobox', { name: 'Status von „Button hängt“' });
    await user.selectOptions(select, 'Bearbeitet');
    expect(select).toHaveValue('bearbeitet');
    const saved = await screen.findByText('Status gespeichert.');
    expect(saved.closest('[role="status"]')).not.toBeNull();
    expect(patches).toEqual([{ id: 'f1', body: { status: 'bearbeitet' } }]);
    // any order: back to received
    await user.selectOptions(select, 'Erhalten');
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ id: 'f1', body: { status: 'erhalten' } });
  });

  it("a failed update says 'Status konnte nicht aktualisiert werden.' and keeps the old status", async () => {
    server.use(
      http.get('/api/admin/feedback', () => HttpResponse.json({ items: [item({ status: 'in_bearbeitung' })], total: 1 })),
      http.patch('/api/admin/feedback/:id', () => HttpResponse.json({ error: 'Unbekannter Status.' }, { status: 400 })),
    );
    const { user } = await openFeedback();
    const select = await screen.findByRole('combobox', { name: 'Status von „Button hängt“' });
    await user.selectOptions(select, 'Bearbeitet');
    expect(await screen.findByRole('alert')).toHaveTextContent('Status konnte nicht aktualisiert werden.');
    expect(select).toHaveValue('in_bearbeitung');
  });

  it('pages with limit and offset', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get('/api/admin/feedback', ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(params);
        return HttpResponse.json({ items: [item({ id: `f-${params.offset}`, subject: `Seite ${params.offset}` })], total: 40 });
      }),
    );
    const { user } = await openFeedback();
    await screen.findByRole('rowheader', { name: 'Seite 0' });
    const pages = screen.getByRole('navigation', { name: 'Seiten' });
    expect(pages).toHaveTextContent('Seite 1 von 2');
    await user.click(within(pages).getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByRole('rowheader', { name: 'Seite 25' })).toBeInTheDocument();
    expect(queries).toEqual([
      { limit: '25', offset: '0' },
      { limit: '25', offset: '25' },
    ]);
    expect(pages).toHaveTextContent('26–40 von 40');
  });
});
