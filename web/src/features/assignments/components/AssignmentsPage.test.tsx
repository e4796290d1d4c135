import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Assignment, AssignmentInput } from '../api/assignments';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

const ANN = '0b6c1f3e-1111-4c1a-9f00-0000000000a1';
const BEN = '0b6c1f3e-1111-4c1a-9f00-0000000000b2';

const exam: Assignment = {
  id: '5d0c1f3e-2222-4c1a-9f00-0000000000e1',
  title: 'Abschlussprüfung Preis',
  mode: 'Prüfung',
  difficulty: 3,
  family: 'price',
  scenarioId: null,
  productDescription: '',
  dueAt: '2030-12-01T16:00:00Z',
  createdAt: '2026-11-20T09:00:00Z',
  wholeTeam: true,
  members: [
    { userId: ANN, displayName: 'Ann Berger', status: 'done', doneAt: '2026-11-21T10:00:00Z', conversationId: null, score: 82 },
    { userId: BEN, displayName: 'Ben Krause', status: 'overdue', doneAt: null, conversationId: null, score: null },
  ],
};

function teamApi(list: Assignment[], created: AssignmentInput[]) {
  server.use(
    http.get('/api/team/assignments', () => HttpResponse.json({ assignments: list })),
    http.post('/api/team/assignments', async ({ request }) => {
      created.push((await request.json()) as AssignmentInput);
      return HttpResponse.json({ ...exam, id: '5d0c1f3e-2222-4c1a-9f00-0000000000e2' }, { status: 201 });
    }),
    http.get('/api/team/members', () =>
      HttpResponse.json({
        members: [
          { userId: ANN, displayName: 'Ann Berger', email: 'ann@example.com' },
          { userId: BEN, displayName: 'Ben Krause', email: 'ben@example.com' },
        ],
        total: 2,
        page: 1,
        pageSize: 50,
        range: 30,
      }),
    ),
    http.get('/api/scenarios', () => HttpResponse.json({ items: [], total: 0 })),
  );
}

async function openPage() {
  const view = renderApp('/team/assignments', { session: true });
  await screen.findByRole('heading', { name: 'Aufgaben', level: 1 }, { timeout: 15000 });
  return view;
}

describe('/team/assignments', () => {
  it('lists each assignment with its members’ status and exam scores', async () => {
    teamApi([exam], []);
    await openPage();
    const card = within(await screen.findByRole('article', { name: 'Abschlussprüfung Preis' }));
    expect(card.getByText(/^Prüfung · Schwer · fällig am .* · ganzes Team · 1 von 2 erledigt$/)).toBeInTheDocument();
    const ann = within(card.getByRole('row', { name: /Ann Berger/ }));
    expect(ann.getByText('Erledigt')).toBeInTheDocument();
    expect(ann.getByText('82 %')).toBeInTheDocument();
    expect(within(card.getByRole('row', { name: /Ben Krause/ })).getByText('Überfällig')).toBeInTheDocument();
  });

  it('assigns an exam to chosen members, and checks title and due date first', { timeout: 60_000 }, async () => {
    const created: AssignmentInput[] = [];
    teamApi([], created);
    const { user } = await openPage();
    const form = within(screen.getByRole('form', { name: 'Neue Aufgabe' }));
    await user.click(form.getByRole('button', { name: 'Aufgabe zuweisen' }));
    expect(await form.findByText('Bitte gib einen Titel ein.')).toBeInTheDocument();
    expect(form.getByText('Bitte wähle ein Fälligkeitsdatum.')).toBeInTheDocument();
    expect(created).toHaveLength(0);
    // 'Ganzes Team' says that later joiners get it too.
    expect(form.getByRole('radio', { name: 'Ganzes Team' })).toHaveAccessibleDescription(
      'Auch wer bis zum Fälligkeitsdatum dem Team beitritt, bekommt die Aufgabe. Wer das Team verlässt, verliert offene Aufgaben.',
    );

    await user.type(form.getByRole('textbox', { name: 'Titel' }), 'Abschlussprüfung Preis');
    await user.click(form.getByRole('radio', { name: 'Prüfung' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Einwand' }), 'price');
    await user.type(form.getByLabelText('Fällig am'), '2030-12-01T17:00');
    await user.click(form.getByRole('radio', { name: 'Ausgewählte Mitglieder' }));
    await user.click(await form.findByRole('checkbox', { name: 'Ben Krause' }));
    await user.click(form.getByRole('button', { name: 'Aufgabe zuweisen' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      title: 'Abschlussprüfung Preis',
      mode: 'Prüfung',
      difficulty: 1,
      family: 'price',
      dueAt: new Date('2030-12-01T17:00').toISOString(),
      userIds: [BEN],
    });
    expect(await form.findByText('Die Aufgabe wurde zugewiesen.')).toBeInTheDocument();
  });

  it('a member sees the server’s answer instead of the list', async () => {
    teamApi([], []);
    server.use(
      http.get('/api/team/assignments', () =>
        HttpResponse.json(
          { error: 'Das dürfen nur Inhaber und Manager des Teams.', code: 'team_forbidden' },
          { status: 403 },
        ),
      ),
    );
    await openPage();
    expect(await screen.findByText('Das dürfen nur Inhaber und Manager des Teams.')).toBeInTheDocument();
  });
});
