import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_ID, makeConversation, makeDetail, makeMe } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { FamilyProgress, ProgressReport } from '../../progress/shared';
import type { MemberDetail } from '../api/members';
import type { Team } from '../api/team';
import { mostFailedFamilies } from '../lib/aggregates';
import { nextSort } from './MembersTable';

const ANNA = '7e0b1a2c-0000-4000-8000-0000000000a1';

const team = (overrides: Partial<Team> = {}): Team => ({
  id: '7e0b1a2c-0000-4000-8000-00000000a001',
  name: 'Vertrieb Nord',
  role: 'member',
  memberCount: 2,
  seats: { quantity: 0, assigned: 0, status: '' },
  ...overrides,
});

const inTeam = (t: Team = team()) => server.use(http.get('/api/team', () => HttpResponse.json(t)));

const EMPTY_REPORT: ProgressReport = { range: 30, techniques: [], weekly: [], families: [], exams: [], recommendation: null };

describe("'Mit meinem Team teilen' on a chat", () => {
  /** Opens the chat from the history. */
  async function openSavedChat() {
    server.use(
      http.get('/api/conversations', () => HttpResponse.json([makeConversation()])),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeDetail())),
    );
    const view = renderApp('/chat', { session: true });
    const history = within(await screen.findByRole('region', { name: 'Verlauf' }));
    await view.user.click(await history.findByRole('button', { name: /^Hallo, ich stelle Ihnen CloudCRM vor/ }));
    return view;
  }

  it('is not there without a team', async () => {
    let asked = false;
    server.use(
      http.get(`/api/conversations/${CONVERSATION_ID}/share`, () => {
        asked = true;
        return HttpResponse.json({ shared: false, sharedAt: null });
      }),
    );
    let teamAsked = 0;
    server.use(
      http.get('/api/team', () => {
        teamAsked++;
        return HttpResponse.json({ error: 'Du bist in keinem Team.', code: 'team_not_found' }, { status: 404 });
      }),
    );
    await openSavedChat();
    await waitFor(() => expect(teamAsked).toBeGreaterThan(0));
    await screen.findByRole('list', { name: 'Gesprächsverlauf' });
    expect(screen.queryByRole('button', { name: 'Mit meinem Team teilen' })).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('shares a chat with the team and revokes it', async () => {
    inTeam();
    const calls: string[] = [];
    server.use(
      http.get(`/api/conversations/${CONVERSATION_ID}/share`, () => HttpResponse.json({ shared: false, sharedAt: null })),
      http.post(`/api/conversations/${CONVERSATION_ID}/share`, () => {
        calls.push('POST');
        return HttpResponse.json({ shared: true, sharedAt: '2026-11-26T10:00:00Z' });
      }),
      http.delete(`/api/conversations/${CONVERSATION_ID}/share`, () => {
        calls.push('DELETE');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openSavedChat();
    await user.click(await screen.findByRole('button', { name: 'Mit meinem Team teilen' }));
    expect(await screen.findByText('Mit deinem Team geteilt')).toBeInTheDocument();
    const revoke = screen.getByRole('button', { name: 'Teilen beenden' });
    expect(revoke).toHaveAccessibleDescription('Mit deinem Team geteilt');
    await user.click(revoke);
    expect(await screen.findByRole('button', { name: 'Mit meinem Team teilen' })).toBeInTheDocument();
    expect(calls).toEqual(['POST', 'DELETE']);
  });
});

describe("a member's page", () => {
  const detail: MemberDetail = {
    member: {
      userId: ANNA,
      displayName: 'Anna Berg',
      email: 'anna@example.com',
      role: 'member',
      joinedAt: '2026-11-01T10:00:00Z',
      lastActivity: null,
      chats: 3,
      answers: 9,
      techniques: { acknowledge: 50 },
      weakestFamilies: [],
    },
    progress: {
      ...EMPTY_REPORT,
      techniques: [{ key: 'acknowledge', shown: 3, total: 6, rate: 50, previousRate: null }],
      exams: [{ conversationId: CONVERSATION_ID, date: '2026-11-20T10:00:00Z', difficulty: 2, score: 72 }],
    },
    transcripts: [],
  };

  it("shows an owner the member's figures and hands the team over after asking", async () => {
    inTeam(team({ role: 'owner' }));
    const ranges: string[] = [];
    const roles: unknown[] = [];
    server.use(
      http.get(`/api/team/members/${ANNA}`, ({ request }) => {
        ranges.push(new URL(request.url).searchParams.get('range') ?? '');
        return HttpResponse.json(detail);
      }),
      http.patch(`/api/team/members/${ANNA}`, async ({ request }) => {
        roles.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(`/team/members/${ANNA}`, { session: true });
    expect(await screen.findByRole('heading', { name: 'Anna Berg', level: 1 })).toBeInTheDocument();
    const techniques = await screen.findByRole('table', { name: 'Techniken' });
    expect(within(techniques).getByText('50 %')).toBeInTheDocument();
    expect(screen.getByText(/Mittel · 72 %/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Was das Mitglied geschrieben hat, bleibt privat, bis es einen Chat mit dem Team teilt. Prüfungen aus Aufgaben des Teams können Inhaber und Manager nachlesen.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Noch keine geteilten Chats und keine Prüfungen aus Aufgaben.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '7 Tage' }));
    await waitFor(() => expect(ranges).toEqual(['30', '7']));

    await user.selectOptions(screen.getByLabelText('Rolle ändern'), 'owner');
    await user.click(screen.getByRole('button', { name: 'Team übergeben' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Team übergeben' }));
    expect(dialog.getByText('Anna Berg wird Inhaber des Teams, du wirst Manager. Team übergeben?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Team übergeben' }));
    await waitFor(() => expect(roles).toEqual([{ role: 'owner' }]));
  });

  it('removes a member after asking and goes back to the team', async () => {
    inTeam(team({ role: 'owner' }));
    let removed = false;
    server.use(
      http.get(`/api/team/members/${ANNA}`, () => HttpResponse.json(detail)),
      http.delete(`/api/team/members/${ANNA}`, () => {
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/team/members', () => HttpResponse.json({ members: [], total: 0, page: 1, pageSize: 50, range: 30 })),
      http.get('/api/team/progress', () => HttpResponse.json(EMPTY_REPORT)),
      http.get('/api/team/leaderboard', () =>
        HttpResponse.json({ period: 'week', since: '2026-11-23', entries: [], own: { place: null, xp: 0, hidden: false } }),
      ),
    );
    const { user } = renderApp(`/team/members/${ANNA}`, { session: true });
    await user.click(await screen.findByRole('button', { name: 'Aus dem Team entfernen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aus dem Team entfernen' }));
    await user.click(dialog.getByRole('button', { name: 'Aus dem Team entfernen' }));
    await waitFor(() => expect(removed).toBe(true));
    await waitFor(() => expect(currentPath()).toBe('/team'));
  });

  it('lists the chats shared with the team and the assignment exams, each linking to its transcript', async () => {
    inTeam(team({ role: 'manager' }));
    const EXAM = '7e0b1a2c-0000-4000-8000-0000000000e1';
    server.use(
      http.get(`/api/team/members/${ANNA}`, () =>
        HttpResponse.json({
          ...detail,
          transcripts: [
            {
              conversationId: EXAM,
              title: 'Abschlussprüfung',
              mode: 'Prüfung',
              difficulty: null,
              createdAt: '2026-11-24T10:00:00Z',
              completedAt: '2026-11-24T10:20:00Z',
              score: 81,
              sharedAt: null,
              assignment: { id: '7e0b1a2c-0000-4000-8000-0000000000f1', title: 'Preisgespräch' },
            },
            {
              conversationId: CONVERSATION_ID,
              title: '',
              mode: 'Übung',
              difficulty: 2,
              createdAt: '2026-11-20T10:00:00Z',
              completedAt: null,
              score: null,
              sharedAt: '2026-11-21T10:00:00Z',
              assignment: null,
            },
          ],
        } satisfies MemberDetail),
      ),
      http.get(`/api/team/conversations/${EXAM}`, () =>
        HttpResponse.json({ chat: makeDetail(), author: { userId: ANNA, displayName: 'Anna Berg', email: 'anna@example.com' } }),
      ),
    );
    const { user } = renderApp(`/team/members/${ANNA}`, { session: true });
    const list = within(await screen.findByRole('list', { name: 'Geteilte Chats und Prüfungen aus Aufgaben' }));
    const links = list.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Abschlussprüfung', 'Chat ohne Titel']);
    expect(links[0]).toHaveAttribute('href', `/app/team/chats/${EXAM}`);
    expect(links[0]).toHaveAccessibleDescription('24.11.2026 · Prüfung · 81 % · Aufgabe „Preisgespräch“');
    expect(links[1]).toHaveAccessibleDescription('20.11.2026 · Übung · Mittel · nicht ausgewertet · geteilt');
    await user.click(links[0]!);
    await waitFor(() => expect(currentPath()).toBe(`/team/chats/${EXAM}`));
  });

  it('has no owner actions for a manager', async () => {
    inTeam(team({ role: 'manager' }));
    server.use(http.get(`/api/team/members/${ANNA}`, () => HttpResponse.json(detail)));
    renderApp(`/team/members/${ANNA}`, { session: true });
    await screen.findByRole('table', { name: 'Techniken' });
    expect(screen.queryByRole('button', { name: 'Aus dem Team entfernen' })).not.toBeInTheDocument();
  });
});

describe('a shared chat', () => {
  it("shows the transcript to a manager with each answer's score and the evaluation, and 404 as no longer shared", async () => {
    inTeam(team({ role: 'manager' }));
    const evaluation = {
      intro: 'Solide.',
      scores: [
        { category: 'Empathie & Zuhören', score: 80, comment: 'Gut zugehört.' },
        { category: 'Fragetechnik', score: 60, comment: '' },
      ],
      improvements: ['Früher nach dem Budget fragen.'],
      top_points: ['Ruhig geblieben.'],
      totalPercent: 70,
    };
    server.use(
      http.get(`/api/team/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json({
          chat: makeDetail({ evaluation }),
          answerScores: { m1: 72 },
          author: { userId: ANNA, displayName: 'Anna Berg', email: 'anna@example.com' },
        }),
      ),
      http.get('/api/team/conversations/gone', () =>
        HttpResponse.json({ error: 'Nicht gefunden', code: 'conversation_not_found' }, { status: 404 }),
      ),
    );
    const view = renderApp(`/team/chats/${CONVERSATION_ID}`, { session: true });
    expect(await screen.findByRole('heading', { name: 'Geteilter Chat von Anna Berg', level: 1 })).toBeInTheDocument();
    const transcript = screen.getByRole('list', { name: 'Gesprächsverlauf' });
    expect(within(transcript).getAllByText('Verkäufer').length).toBeGreaterThan(0);
    expect(within(transcript).getByText('Bewertung dieser Antwort: 72 %')).toBeInTheDocument();
    const shown = within(screen.getByRole('region', { name: 'Auswertung' }));
    expect(shown.getByText('Gesamt: 70 %')).toBeInTheDocument();
    const categories = shown.getByRole('list', { name: 'Bewertung nach Kategorien' });
    expect(within(categories).getAllByRole('listitem')).toHaveLength(2);
    expect(within(categories).getByText('Empathie & Zuhören: 80 %')).toBeInTheDocument();
    expect(within(categories).getByText('Gut zugehört.')).toBeInTheDocument();
    expect(shown.getByRole('list', { name: 'Verbesserungsvorschläge' })).toHaveTextContent('Früher nach dem Budget fragen.');
    expect(shown.getByRole('list', { name: 'Top-3 positive Punkte' })).toHaveTextContent('Ruhig geblieben.');
    view.unmount();
    renderApp('/team/chats/gone', { session: true });
    expect(await screen.findByText('Dieser Chat ist nicht (mehr) mit dem Team geteilt.')).toBeInTheDocument();
  });
});

describe('the team elsewhere', () => {
  it("offers 'Team gründen' on the dashboard and goes to the team after founding", async () => {
    let created: unknown = null;
    server.use(
      http.post('/api/teams', async ({ request }) => {
        created = await request.json();
        inTeam(team({ role: 'owner', name: 'Vertrieb Ost' }));
        return HttpResponse.json(team({ role: 'owner', name: 'Vertrieb Ost' }), { status: 201 });
      }),
      http.get('/api/team/members', () => HttpResponse.json({ members: [], total: 0, page: 1, pageSize: 50, range: 30 })),
      http.get('/api/team/progress', () => HttpResponse.json(EMPTY_REPORT)),
      http.get('/api/team/leaderboard', () =>
        HttpResponse.json({ period: 'week', since: '2026-11-23', entries: [], own: { place: 1, xp: 0, hidden: false } }),
      ),
    );
    const { user } = renderApp('/dashboard', { session: true });
    const card = within(await screen.findByRole('region', { name: 'Team' }));
    await user.click(await card.findByRole('button', { name: 'Team gründen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Team gründen' }));
    await user.type(dialog.getByLabelText('Teamname'), 'Vertrieb Ost');
    await user.click(dialog.getByRole('button', { name: 'Team gründen' }));
    await waitFor(() => expect(created).toEqual({ name: 'Vertrieb Ost' }));
    await waitFor(() => expect(currentPath()).toBe('/team'));
    expect(await screen.findByText('Vertrieb Ost · 2 Mitglieder · deine Rolle: Inhaber')).toBeInTheDocument();
  });

  it("has the team and 'In der Bestenliste anzeigen' in the profile", async () => {
    inTeam();
    let patched: unknown = null;
    server.use(
      http.patch('/api/me', async ({ request }) => {
        patched = await request.json();
        return HttpResponse.json(makeMe({ profile: { leaderboard_visible: false } }));
      }),
    );
    const { user } = renderApp('/help', { session: true });
    await user.click(await screen.findByRole('button', { name: /Profil öffnen/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Profil bearbeiten' }));
    const section = within(await dialog.findByRole('group', { name: 'Team' }));
    expect(await section.findByText('Vertrieb Nord · deine Rolle: Mitglied')).toBeInTheDocument();
    const visible = section.getByRole('checkbox', { name: 'In der Bestenliste anzeigen' });
    expect(visible).toBeChecked();
    await user.click(visible);
    await waitFor(() => expect(patched).toEqual({ leaderboard_visible: false }));
    await waitFor(() => expect(section.getByRole('checkbox', { name: 'In der Bestenliste anzeigen' })).not.toBeChecked());
  });

  it("says on 'Mein Fortschritt' what the team sees, only in a team", async () => {
    inTeam();
    server.use(http.get('/api/me/progress', () => HttpResponse.json(EMPTY_REPORT)));
    renderApp('/progress', { session: true });
    const note = await screen.findByRole('region', { name: 'Was dein Team sieht' });
    expect(note).toHaveTextContent('Inhaber und Manager deines Teams „Vertrieb Nord“ sehen deine letzte Aktivität');
    expect(note).toHaveTextContent('Was du geschrieben hast, bleibt privat');
  });
});

describe('team rules of the client', () => {
  it('sorts text columns ascending first and figures descending first', () => {
    expect(nextSort('name', 'chats', true)).toBe('-chats');
    expect(nextSort('-chats', 'chats', true)).toBe('chats');
    expect(nextSort('chats', 'chats', true)).toBe('-chats');
    expect(nextSort('chats', 'name', false)).toBe('name');
    expect(nextSort('name', 'name', false)).toBe('-name');
  });

  it('lists the families the team fails most: most unsolved first, then the lower score', () => {
    const families: FamilyProgress[] = [
      { key: 'price', attempts: 6, solved: 1, averageScore: 35 },
      { key: 'no_time', attempts: 3, solved: 3, averageScore: 85 },
      { key: 'trust', attempts: 7, solved: 2, averageScore: 50 },
      { key: 'authority', attempts: 3, solved: 1, averageScore: 20 },
      { key: 'timing', attempts: 4, solved: 2, averageScore: 40 },
    ];
    expect(mostFailedFamilies(families).map((f) => f.key)).toEqual(['price', 'trust', 'authority', 'timing']);
    expect(mostFailedFamilies(families, 2).map((f) => f.key)).toEqual(['price', 'trust']);
  });
});
