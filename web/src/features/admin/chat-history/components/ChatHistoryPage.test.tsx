import { waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import { minutesAgo } from '../../../../testing/time';
import { translate } from '../../../../lib/i18n';
import { formatRelative } from '../../../../lib/relative-time';
import { renderAdmin } from '../../shared/testing';
import type { AdminConversationDetail, AdminConversationItem } from '../api/conversations';

const ID_A = '6f1c1c8e-0000-4000-8000-00000000000a';
const ID_B = '6f1c1c8e-0000-4000-8000-00000000000b';

function item(overrides: Partial<AdminConversationItem> = {}): AdminConversationItem {
  return {
    id: ID_A,
    user_id: 'u1',
    user_email: 'anna@example.com',
    title: 'Preisgespräch',
    mode: 'Übung',
    message_count: 2,
    created_at: '2025-06-01T10:00:00Z',
    completed_at: null,
    deleted_at: null,
    ...overrides,
  };
}

/** A conversation as GET /api/admin/conversations/{id} answers it. */
function detail(id: string, overrides: Partial<AdminConversationDetail> = {}): AdminConversationDetail {
  const created = '2025-06-01T10:00:00Z';
  return {
    id,
    user_id: 'u1',
    user_email: 'anna@example.com',
    title: 'Preisgespräch',
    mode: 'Prüfung',
    created_at: created,
    completed_at: null,
    deleted_at: null,
    conversation: { id, title: 'Preisgespräch', mode: 'Prüfung', difficulty: null, created_at: created, completed_at: null },
    messages: [
      { id: 'm1', role: 'user', content: 'Hallo, ich stelle Ihnen CloudCRM vor', isCompletion: false, created_at: created },
      { id: 'm2', role: 'assistant', content: 'Das ist mir zu teuer.', isCompletion: false, created_at: '2025-06-01T10:00:05Z' },
    ],
    stage: 1,
    totalStages: 1,
    progress: 0,
    completed: false,
    score: null,
    evaluation: null,
    engine: 'builtin',
    ...overrides,
  };
}

const deT: Parameters<typeof formatRelative>[0] = (key, vars) => translate('de', key, vars);

/** How the table shows a time (in the test machine's time zone). */
const deTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

async function open(path: string) {
  const view = renderAdmin(path);
  await screen.findByRole('heading', { name: 'Chat-Verlauf', level: 1 });
  return view;
}

const selected = () => within(screen.getByRole('region', { name: 'Konversation' }));
const recent = () => within(screen.getByRole('region', { name: 'Letzte Konversationen' }));

describe('admin chat history', () => {
  it("without an id says 'Keine Konversation ausgewählt.'", async () => {
    await open('/chat-history');
    expect(selected().getByText('Keine Konversation ausgewählt.')).toBeInTheDocument();
    expect(await recent().findByText('Keine Konversationen gefunden.')).toBeInTheDocument();
  });

  it('an id that is no UUID counts as none', async () => {
    await open('/chat-history?id=123');
    expect(selected().getByText('Keine Konversation ausgewählt.')).toBeInTheDocument();
  });

  it("with an id shows id, mode, creation time, title and the owner's e-mail, then every message as role: content", async () => {
    let asked = '';
    server.use(
      http.get('/api/admin/conversations/:id', async ({ params }) => {
        asked = String(params.id);
        await delay(30);
        return HttpResponse.json(detail(String(params.id), { deleted_at: '2025-06-02T10:00:00Z' }));
      }),
    );
    await open(`/chat-history?id=${ID_A}`);
    expect(await selected().findByText('Lade...')).toBeInTheDocument();
    expect(await selected().findByText(ID_A)).toBeInTheDocument();
    expect(asked).toBe(ID_A);
    const facts = selected()
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Konversations-ID', ID_A],
      ['Modus', 'Prüfung'],
      ['Erstellt am', deTime('2025-06-01T10:00:00Z')],
      ['Titel', 'Preisgespräch'],
      ['Benutzer', 'anna@example.com'],
      ['Status', 'Gelöscht'],
    ]);
    expect(selected().getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'user: Hallo, ich stelle Ihnen CloudCRM vor',
      'assistant: Das ist mir zu teuer.',
    ]);
  });

  it("shows the server's error for an unknown conversation", async () => {
    server.use(
      http.get('/api/admin/conversations/:id', () =>
        HttpResponse.json({ error: 'Konversation nicht gefunden.' }, { status: 404 }),
      ),
    );
    await open(`/chat-history?id=${ID_B}`);
    expect(await selected().findByRole('alert')).toHaveTextContent('Konversation nicht gefunden.');
  });

  it('lists recent conversations; a title opens it (?id=) and takes the focus there', async () => {
    server.use(
      http.get('/api/admin/conversations', () =>
        HttpResponse.json({
          items: [
            item({ id: ID_A, title: 'Preisgespräch', created_at: minutesAgo(10) }),
            item({ id: ID_B, title: '', user_email: '', mode: 'Prüfung', completed_at: '2025-06-01T11:00:00Z' }),
          ],
          total: 2,
        }),
      ),
      http.get('/api/admin/conversations/:id', ({ params }) => HttpResponse.json(detail(String(params.id)))),
    );
    const { user } = await open('/chat-history');
    const table = await recent().findByRole('table', { name: 'Konversationen, neueste zuerst' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Titel',
      'Benutzer',
      'Modus',
      'Nachrichten',
      'Erstellt',
      'Status',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'anna@example.com',
      'Übung',
      '2',
      'vor 10 Minuten',
      'Offen',
    ]);
    expect(within(rows[0]!).getByText('vor 10 Minuten')).toHaveAttribute(
      'title',
      deTime(within(rows[0]!).getByText('vor 10 Minuten').getAttribute('datetime') ?? ''),
    );
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Gast',
      'Prüfung',
      '2',
      formatRelative(deT, '2025-06-01T10:00:00Z', Date.now()),
      'Abgeschlossen',
    ]);
    const link = within(rows[1]!).getByRole('link', { name: 'Ohne Titel' });
    expect(link).toHaveAttribute('href', `/app/chat-history?id=${ID_B}`);
    await user.click(link);
    expect(await selected().findByText(ID_B)).toBeInTheDocument();
    expect(currentPath()).toBe('/chat-history');
    expect(window.location.search).toBe(`?id=${ID_B}`);
    expect(screen.getByRole('heading', { name: 'Konversation', level: 2 })).toHaveFocus();
    expect(within(rows[1]!).getByRole('link', { name: 'Ohne Titel' })).toHaveAttribute('aria-current', 'true');
  });

  it('searches (debounced) and pages the list', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get('/api/admin/conversations', ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ items: [item()], total: 30 });
      }),
    );
    const { user } = await open('/chat-history');
    await recent().findByRole('table');
    await user.click(recent().getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ limit: '25', offset: '25' }));
    await user.type(recent().getByRole('searchbox', { name: 'Konversationen suchen' }), 'preis');
    await waitFor(() => expect(queries.at(-1)).toEqual({ q: 'preis', limit: '25', offset: '0' }));
    expect(queries.filter((q) => q.q !== undefined)).toHaveLength(1);
  });
});
