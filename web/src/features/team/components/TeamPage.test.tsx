import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMe, makeSession, USER_ID } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { controlledSse } from '../../../testing/sse';
import type { ProgressReport } from '../../progress/shared';
import type { Leaderboard } from '../api/leaderboard';
import type { MembersPage, TeamMember } from '../api/members';
import type { Team } from '../api/team';
import { pendingJoin } from '../../../lib/team-join';
import type { Invitation, InvitationSent } from '../api/invitations';

const TEAM_ID = '7e0b1a2c-0000-4000-8000-00000000a001';
const ANNA = '7e0b1a2c-0000-4000-8000-0000000000a1';
const BEN = '7e0b1a2c-0000-4000-8000-0000000000b2';

function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: TEAM_ID,
    name: 'Vertrieb Nord',
    role: 'owner',
    memberCount: 3,
    seats: { quantity: 0, assigned: 0, status: '' },
    joinUrl: 'http://localhost/app/team/join?token=join-secret',
    ...overrides,
  };
}

function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    userId: ANNA,
    displayName: 'Anna Berg',
    email: 'anna@example.com',
    role: 'member',
    joinedAt: '2026-11-01T10:00:00Z',
    lastActivity: '2026-11-25T10:00:00Z',
    chats: 4,
    answers: 12,
    techniques: { acknowledge: 75, question: 40 },
    weakestFamilies: ['price'],
    ...overrides,
  };
}

/** The team's aggregates: GET /api/me/progress's shape, summed over the team. */
const TEAM_PROGRESS: ProgressReport = {
  range: 30,
  techniques: [
    { key: 'acknowledge', shown: 9, total: 12, rate: 75, previousRate: null },
    { key: 'question', shown: 5, total: 12, rate: 42, previousRate: null },
  ],
  weekly: [
    { weekStart: '2026-11-16', techniques: { acknowledge: 60, question: 30 } },
    { weekStart: '2026-11-23', techniques: { acknowledge: 80, question: 50 } },
  ],
  families: [
    { key: 'price', attempts: 6, solved: 1, averageScore: 35 },
    { key: 'no_time', attempts: 3, solved: 3, averageScore: 85 },
    { key: 'trust', attempts: 4, solved: 2, averageScore: 50 },
  ],
  exams: [],
  recommendation: null,
};

const LEADERBOARD: Leaderboard = {
  period: 'week',
  since: '2026-11-23',
  entries: [
    { userId: ANNA, displayName: 'Anna Berg', xp: 120, place: 1 },
    { userId: USER_ID, displayName: 'Chefin', xp: 80, place: 2 },
    { userId: BEN, displayName: '', xp: 80, place: 2 },
  ],
  own: { place: 2, xp: 80, hidden: false },
};

interface Seen {
  members: URLSearchParams[];
  progress: string[];
  leaderboard: string[];
}

/** The team API of a caller in `team` with `members`; returns what was asked. */
function teamApi(team: Team | null = makeTeam(), members: TeamMember[] = [makeMember(), makeMember({ userId: BEN, displayName: 'Ben Kurz', email: 'ben@example.com', chats: 1, answers: 2, techniques: {}, weakestFamilies: [], lastActivity: null })]) {
  const seen: Seen = { members: [], progress: [], leaderboard: [] };
  server.use(
    http.get('/api/team/invitations', () => HttpResponse.json({ items: [] })),
    http.get('/api/team', () =>
      team ? HttpResponse.json(team) : HttpResponse.json({ error: 'Du bist in keinem Team.', code: 'team_not_found' }, { status: 404 }),
    ),
    http.get('/api/team/members', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.members.push(params);
      const q = (params.get('q') ?? '').toLowerCase();
      const found = members.filter((m) => !q || m.displayName.toLowerCase().includes(q) || m.email.includes(q));
      const page: MembersPage = { members: found, total: found.length, page: 1, pageSize: 50, range: 30 };
      return HttpResponse.json(page);
    }),
    http.get('/api/team/progress', ({ request }) => {
      const range = new URL(request.url).searchParams.get('range') ?? '';
      seen.progress.push(range);
      return HttpResponse.json({ ...TEAM_PROGRESS, range: Number(range) });
    }),
    http.get('/api/team/leaderboard', ({ request }) => {
      const period = new URL(request.url).searchParams.get('period') ?? '';
      seen.leaderboard.push(period);
      return HttpResponse.json({ ...LEADERBOARD, period });
    }),
  );
  return seen;
}

async function openTeam() {
  const view = renderApp('/team', { session: true });
  await screen.findByRole('heading', { name: 'Team', level: 1 });
  return view;
}

describe("'Team' (issue 27)", () => {
  it("is in the sidebar, and without a team founds one ('Team gründen')", async () => {
    teamApi(null);
    let created: unknown = null;
    server.use(
      http.post('/api/teams', async ({ request }) => {
        created = await request.json();
        server.use(http.get('/api/team', () => HttpResponse.json(makeTeam({ name: 'Vertrieb Süd', memberCount: 1 }))));
        return HttpResponse.json(makeTeam({ name: 'Vertrieb Süd', memberCount: 1 }), { status: 201 });
      }),
    );
    const { user } = await openTeam();
    const nav = within(screen.getByRole('navigation', { name: 'Hauptnavigation' }));
    expect(nav.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('heading', { name: 'Du bist in keinem Team' });

    await user.click(screen.getByRole('button', { name: 'Team gründen' }));
    expect(await screen.findByText('Bitte gib einen Teamnamen ein.')).toBeInTheDocument();
    expect(screen.getByLabelText('Teamname')).toHaveFocus();
    expect(created).toBeNull();

    await user.type(screen.getByLabelText('Teamname'), '  Vertrieb Süd ');
    await user.click(screen.getByRole('button', { name: 'Team gründen' }));
    await waitFor(() => expect(created).toEqual({ name: 'Vertrieb Süd' }));
    expect(await screen.findByText('Vertrieb Süd · 1 Mitglied · deine Rolle: Inhaber')).toBeInTheDocument();
  });

  it('shows an owner the members table, sorts, searches and pages by range, and the team aggregates', async () => {
    const seen = teamApi();
    const { user } = await openTeam();
    const table = await screen.findByRole('table', { name: 'Mitglieder' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const anna = within(rows[1]!);
    expect(anna.getByRole('link', { name: 'Anna Berg' })).toHaveAttribute('href', `/app/team/members/${ANNA}`);
    expect(anna.getByText('Mitglied')).toBeInTheDocument();
    expect(anna.getByText('Einwand anerkennen: 75 %')).toBeInTheDocument();
    expect(anna.getByText('Preis')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('noch nie')).toBeInTheDocument();
    expect(seen.members[0]?.get('sort')).toBe('name');
    expect(seen.members[0]?.get('range')).toBe('30');

    // Figures sort descending first, a second click ascending; aria-sort says which.
    await user.click(screen.getByRole('button', { name: 'Nach Chats sortieren' }));
    await waitFor(() => expect(seen.members.at(-1)?.get('sort')).toBe('-chats'));
    expect(screen.getByRole('columnheader', { name: /Chats/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Nach Chats sortieren' }));
    await waitFor(() => expect(seen.members.at(-1)?.get('sort')).toBe('chats'));

    await user.type(screen.getByLabelText('Name oder E-Mail suchen'), 'ben');
    await waitFor(() => expect(seen.members.at(-1)?.get('q')).toBe('ben'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Mitglieder' })).getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: '90 Tage' }));
    await waitFor(() => expect(seen.members.at(-1)?.get('range')).toBe('90'));
    await waitFor(() => expect(seen.progress).toContain('90'));

    // The aggregates: the progress page's charts for the team, and the families it fails most.
    const overview = screen.getByRole('region', { name: 'Das Team im Überblick' });
    expect(within(overview).getByRole('img', { name: /Einwand anerkennen je Woche: .*80 %/ })).toBeInTheDocument();
    const failed = within(overview).getByRole('table', { name: 'Einwände, an denen das Team am häufigsten scheitert' });
    const failedRows = within(failed).getAllByRole('row').slice(1).map((r) => r.querySelector('th')?.textContent);
    expect(failedRows).toEqual(['Preis', 'Vertrauen']);

    // Owners and managers get the links to assignments and seats.
    const sections = within(screen.getByRole('navigation', { name: 'Bereiche des Teams' }));
    expect(sections.getByRole('link', { name: 'Aufgaben' })).toHaveAttribute('href', '/app/team/assignments');
    expect(sections.getByRole('link', { name: 'Plätze' })).toHaveAttribute('href', '/app/team/seats');
  });

  it('invites by e-mail and shows the join link', async () => {
    teamApi();
    let invited: unknown = null;
    server.use(
      http.post('/api/team/invitations', async ({ request }) => {
        invited = await request.json();
        return HttpResponse.json({ id: 'i1', email: 'neu@example.com', role: 'manager', expiresAt: '2026-12-03T10:00:00Z' }, { status: 201 });
      }),
    );
    const { user } = await openTeam();
    const invite = within(await screen.findByRole('region', { name: 'Per E-Mail einladen' }));
    await user.type(invite.getByLabelText('E-Mail-Adresse'), 'kein-mail');
    await user.click(invite.getByRole('button', { name: 'Einladen' }));
    expect(await invite.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(invited).toBeNull();

    await user.clear(invite.getByLabelText('E-Mail-Adresse'));
    await user.type(invite.getByLabelText('E-Mail-Adresse'), 'neu@example.com');
    await user.selectOptions(invite.getByLabelText('Rolle'), 'manager');
    await user.click(invite.getByRole('button', { name: 'Einladen' }));
    await waitFor(() => expect(invited).toEqual({ email: 'neu@example.com', role: 'manager' }));
    expect(await screen.findByText(/Einladung an neu@example.com verschickt/)).toBeInTheDocument();

    const link = within(screen.getByRole('region', { name: 'Beitrittslink' }));
    expect(link.getByLabelText('Beitrittslink des Teams')).toHaveValue('http://localhost/app/team/join?token=join-secret');
    expect(link.getByRole('button', { name: 'Neuen Link erzeugen' })).toBeInTheDocument();
  });

  it('shows the server\'s refusal of an address at the e-mail field (issue 38)', async () => {
    teamApi();
    const refusals = [
      ['team_invitation_email_invalid', 'An diese Adresse kann keine E-Mail zugestellt werden. Bitte prüfe sie.'],
      ['team_invitation_self', 'Du kannst dich nicht selbst einladen.'],
      ['team_invitation_member', 'Diese Person ist bereits in deinem Team.'],
    ] as const;
    let call = 0;
    server.use(
      http.post('/api/team/invitations', () => {
        const [code, error] = refusals[call++ % refusals.length]!;
        return HttpResponse.json({ code: 'invalid', error: 'Ungültige Eingabe.', fields: { email: { code, error } } }, { status: 400 });
      }),
    );
    const { user } = await openTeam();
    const invite = within(await screen.findByRole('region', { name: 'Per E-Mail einladen' }));
    const email = invite.getByLabelText('E-Mail-Adresse');
    await user.type(email, 'a@b.de');
    for (const [, text] of refusals) {
      await user.click(invite.getByRole('button', { name: 'Einladen' }));
      await waitFor(() => expect(email).toHaveAccessibleDescription(text));
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveFocus();
    }
    expect(call).toBe(3);
  });

  it('shows the leaderboard with the own place, by week and month, and the switch to hide oneself', async () => {
    const seen = teamApi(makeTeam({ role: 'member', joinUrl: undefined }));
    let patched: unknown = null;
    server.use(
      http.patch('/api/me', async ({ request }) => {
        patched = await request.json();
        return HttpResponse.json(makeMe({ profile: { leaderboard_visible: false } }));
      }),
    );
    const { user } = await openTeam();
    const board = within(await screen.findByRole('region', { name: 'Bestenliste' }));
    const rows = (await board.findByRole('table', { name: 'Bestenliste' })).querySelectorAll('tbody tr');
    expect([...rows].map((r) => r.textContent)).toEqual(['1Anna Berg120', '2Chefin (du)80', '2Teammitglied ohne Namen80']);
    expect(board.getByText('Dein Platz: 2 · 80 XP')).toBeInTheDocument();

    await user.click(board.getByRole('button', { name: 'Dieser Monat' }));
    await waitFor(() => expect(seen.leaderboard).toContain('month'));
    expect(board.getByRole('button', { name: 'Dieser Monat' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(board.getByRole('checkbox', { name: 'In der Bestenliste anzeigen' }));
    await waitFor(() => expect(patched).toEqual({ leaderboard_visible: false }));

    // A member sees neither the table nor the manager's links; they can leave.
    expect(screen.queryByRole('table', { name: 'Mitglieder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Aufgaben' })).not.toBeInTheDocument();
    expect(seen.members).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Team verlassen' })).toBeInTheDocument();
  });

  it('leaves the team after asking', async () => {
    teamApi(makeTeam({ role: 'member', joinUrl: undefined }));
    let left = false;
    server.use(
      http.post('/api/team/leave', () => {
        left = true;
        server.use(http.get('/api/team', () => HttpResponse.json({ error: 'x', code: 'team_not_found' }, { status: 404 })));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openTeam();
    await user.click(await screen.findByRole('button', { name: 'Team verlassen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Team verlassen' }));
    expect(dialog.getByText(/Das Team „Vertrieb Nord“ verlassen\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Team verlassen' }));
    await waitFor(() => expect(left).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Du bist in keinem Team' })).toBeInTheDocument();
  });

  it('deletes the team after asking, saying that the seats subscription ends; PayPal failing keeps the team', async () => {
    teamApi(makeTeam({ seats: { quantity: 3, assigned: 2, status: 'ACTIVE' } }));
    let tries = 0;
    server.use(
      http.delete('/api/team', () => {
        tries++;
        if (tries === 1) {
          return HttpResponse.json(
            {
              code: 'team_delete_subscription_failed',
              error: 'Das Team-Abo konnte nicht gekündigt werden. Das Team wurde nicht gelöscht. Bitte versuche es später erneut.',
            },
            { status: 503 },
          );
        }
        server.use(http.get('/api/team', () => HttpResponse.json({ error: 'x', code: 'team_not_found' }, { status: 404 })));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openTeam();
    await user.click(await screen.findByRole('button', { name: 'Team löschen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Team löschen' }));
    expect(
      dialog.getByText(
        'Das Team „Vertrieb Nord“ mit allen Mitgliedschaften und Einladungen löschen? Das Team-Abo mit 3 Plätzen wird dabei sofort bei PayPal gekündigt, alle Plätze enden. Alle behalten ihr Konto und ihre Chats.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Team löschen' }));
    expect(
      await dialog.findByText('Das Team-Abo konnte nicht gekündigt werden. Das Team wurde nicht gelöscht. Bitte versuche es später erneut.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Team löschen' }));
    await waitFor(() => expect(tries).toBe(2));
    expect(await screen.findByRole('heading', { name: 'Du bist in keinem Team' })).toBeInTheDocument();
  });

  it('asks to delete a team without seats without naming a subscription', async () => {
    teamApi(makeTeam({ seats: { quantity: 3, assigned: 0, status: 'CANCELLED' } }));
    const { user } = await openTeam();
    await user.click(await screen.findByRole('button', { name: 'Team löschen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Team löschen' }));
    expect(
      dialog.getByText(
        'Das Team „Vertrieb Nord“ mit allen Mitgliedschaften und Einladungen löschen? Alle behalten ihr Konto und ihre Chats.',
      ),
    ).toBeInTheDocument();
  });

  it('refreshes the figures when a member finishes a chat (live update of kind team)', async () => {
    const live = controlledSse();
    server.use(http.get('/api/realtime', () => live.response()));
    const seen = teamApi();
    await openTeam();
    live.push('event: ready\ndata: {}\n\n');
    await screen.findByRole('table', { name: 'Mitglieder' });
    const before = seen.members.length;
    const progressBefore = seen.progress.length;
    live.push(`event: change\ndata: ${JSON.stringify({ type: 'team', op: 'update', id: ANNA })}\n\n`);
    await waitFor(() => expect(seen.members.length).toBeGreaterThan(before));
    await waitFor(() => expect(seen.progress.length).toBeGreaterThan(progressBefore));
  });
});

const INVITES: Invitation[] = [
  { id: 'inv-1', email: 'carla@example.com', role: 'manager', createdAt: '2026-11-26T10:00:00Z', expiresAt: '2026-12-03T10:00:00Z' },
  {
    id: 'inv-2',
    email: 'dieter.mit.einer.sehr.langen.adresse@vertrieb-nord.example.com',
    role: 'member',
    createdAt: '2026-11-25T10:00:00Z',
    expiresAt: '2026-12-02T10:00:00Z',
  },
];

/** The pending invitations as the server keeps them, with what was resent and withdrawn. */
function invitationsApi(items: Invitation[] = INVITES) {
  const state = { items: [...items], resent: [] as string[], withdrawn: [] as string[], lists: 0 };
  server.use(
    http.get('/api/team/invitations', () => {
      state.lists++;
      return HttpResponse.json({ items: state.items });
    }),
    http.post('/api/team/invitations/:id/resend', ({ params }) => {
      const id = String(params.id);
      state.resent.push(id);
      const found = state.items.find((i) => i.id === id);
      if (!found) return HttpResponse.json({ code: 'team_invitation_not_found', error: 'Diese Einladung gibt es nicht mehr.' }, { status: 404 });
      const sent: InvitationSent = { id, email: found.email, role: found.role, expiresAt: '2026-12-09T12:00:00Z' };
      state.items = state.items.map((i) => (i.id === id ? { ...i, expiresAt: sent.expiresAt } : i));
      return HttpResponse.json(sent);
    }),
    http.delete('/api/team/invitations/:id', ({ params }) => {
      const id = String(params.id);
      state.withdrawn.push(id);
      state.items = state.items.filter((i) => i.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

/** The pending invitations' rows. */
const inviteRows = () => within(screen.getByRole('list', { name: 'Offene Einladungen' })).getAllByRole('listitem');
const inviteRow = (email: string) => {
  const row = inviteRows().find((li) => within(li).queryByText(email));
  if (!row) throw new Error(`no invitation row for ${email}`);
  return within(row);
};

describe("'Offene Einladungen' (issue 38)", () => {
  it('lists address, role and expiry; sends one again; withdraws one after asking', async () => {
    teamApi();
    const state = invitationsApi();
    const { user } = await openTeam();
    await screen.findByRole('list', { name: 'Offene Einladungen' });
    expect(inviteRows()).toHaveLength(2);
    expect(inviteRow('carla@example.com').getByText('Manager · gültig bis 03.12.2026')).toBeInTheDocument();
    expect(inviteRow('dieter.mit.einer.sehr.langen.adresse@vertrieb-nord.example.com').getByText(/^Mitglied · gültig bis/)).toBeInTheDocument();

    // 'Erneut senden': a short confirmation, the new expiry.
    const resend = inviteRow('carla@example.com').getByRole('button', { name: 'Erneut senden' });
    expect(resend).toHaveAccessibleDescription('carla@example.com');
    await user.click(resend);
    expect(
      await screen.findByText('Einladung an carla@example.com erneut gesendet. Der neue Link gilt 7 Tage, der alte nicht mehr.'),
    ).toBeInTheDocument();
    expect(state.resent).toEqual(['inv-1']);
    await waitFor(() => expect(inviteRow('carla@example.com').getByText(/gültig bis 09\.12\.2026/)).toBeInTheDocument());

    // 'Zurückziehen' asks first; cancelled, nothing happens.
    await user.click(inviteRow('carla@example.com').getByRole('button', { name: 'Zurückziehen' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Einladung zurückziehen?' }));
    expect(dialog.getByText('Die Einladung an carla@example.com zurückziehen? Ihr Link funktioniert dann nicht mehr.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.withdrawn).toEqual([]);

    await user.click(inviteRow('carla@example.com').getByRole('button', { name: 'Zurückziehen' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Einladung zurückziehen?' }));
    await user.click(dialog.getByRole('button', { name: 'Zurückziehen' }));
    expect(await screen.findByText('Einladung an carla@example.com zurückgezogen.')).toBeInTheDocument();
    expect(state.withdrawn).toEqual(['inv-1']);
    await waitFor(() => expect(inviteRows()).toHaveLength(1));
    expect(screen.queryByText('carla@example.com')).not.toBeInTheDocument();
    // The row and its button are gone: the focus is on the list's heading.
    expect(screen.getByRole('heading', { name: 'Offene Einladungen' })).toHaveFocus();
  });

  it('says why a resend failed; an invitation used meanwhile leaves the list', async () => {
    teamApi();
    const state = invitationsApi();
    const { user } = await openTeam();
    await screen.findByRole('list', { name: 'Offene Einladungen' });
    const lists = state.lists;
    // Dieter accepted it in the meantime.
    state.items = state.items.filter((i) => i.id !== 'inv-2');
    await user.click(inviteRow('dieter.mit.einer.sehr.langen.adresse@vertrieb-nord.example.com').getByRole('button', { name: 'Erneut senden' }));
    // The row goes with the refresh: the notice says why.
    expect(await screen.findByText('Diese Einladung gibt es nicht mehr.')).toBeInTheDocument();
    await waitFor(() => expect(state.lists).toBeGreaterThan(lists));
    await waitFor(() => expect(inviteRows()).toHaveLength(1));

    // Any other refusal stays at its row.
    server.use(
      http.post('/api/team/invitations/:id/resend', () =>
        HttpResponse.json({ code: 'limit', error: 'Zu viele Einladungen. Bitte warte einen Moment.' }, { status: 429 }),
      ),
    );
    await user.click(inviteRow('carla@example.com').getByRole('button', { name: 'Erneut senden' }));
    expect(await inviteRow('carla@example.com').findByRole('alert')).toHaveTextContent('Zu viele Einladungen. Bitte warte einen Moment.');
  });

  it('a new invitation shows in the list', async () => {
    teamApi();
    const state = invitationsApi([]);
    server.use(
      http.post('/api/team/invitations', async ({ request }) => {
        const body = (await request.json()) as { email: string; role: 'member' | 'manager' };
        state.items = [{ id: 'inv-9', email: body.email, role: body.role, createdAt: '2026-11-26T10:00:00Z', expiresAt: '2026-12-03T10:00:00Z' }];
        return HttpResponse.json({ id: 'inv-9', email: body.email, role: body.role, expiresAt: '2026-12-03T10:00:00Z' }, { status: 201 });
      }),
    );
    const { user } = await openTeam();
    expect(await screen.findByText('Keine offenen Einladungen.')).toBeInTheDocument();
    const invite = within(screen.getByRole('region', { name: 'Per E-Mail einladen' }));
    await user.type(invite.getByLabelText('E-Mail-Adresse'), 'neu@example.com');
    await user.click(invite.getByRole('button', { name: 'Einladen' }));
    await waitFor(() => expect(inviteRows()).toHaveLength(1));
    expect(inviteRow('neu@example.com').getByText(/^Mitglied · gültig bis/)).toBeInTheDocument();
  });

  it("a manager may resend and withdraw the members' invitations only", async () => {
    teamApi(makeTeam({ role: 'manager', joinUrl: undefined }));
    invitationsApi();
    await openTeam();
    await screen.findByRole('list', { name: 'Offene Einladungen' });
    expect(inviteRow('carla@example.com').queryByRole('button')).not.toBeInTheDocument();
    const dieter = inviteRow('dieter.mit.einer.sehr.langen.adresse@vertrieb-nord.example.com');
    expect(dieter.getByRole('button', { name: 'Erneut senden' })).toBeInTheDocument();
    expect(dieter.getByRole('button', { name: 'Zurückziehen' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    teamApi();
    invitationsApi();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    const { user } = renderApp('/team', { session: true });
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    const carla = within(within(list).getAllByRole('listitem')[0]!);
    expect(carla.getByText('Manager · valid until 3 Dec 2026')).toBeInTheDocument();
    await user.click(carla.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Invitation sent to carla@example.com again. The new link is valid for 7 days, the old one no longer works.')).toBeInTheDocument();
    await user.click(carla.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the invitation?' }));
    expect(dialog.getByText('Withdraw the invitation to carla@example.com? Its link stops working.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Invitation to carla@example.com withdrawn.')).toBeInTheDocument();

    server.use(
      http.post('/api/team/invitations', () =>
        HttpResponse.json(
          {
            code: 'invalid',
            error: 'Ungültige Eingabe.',
            fields: { email: { code: 'team_invitation_self', error: 'Du kannst dich nicht selbst einladen.' } },
          },
          { status: 400 },
        ),
      ),
    );
    const invite = within(screen.getByRole('region', { name: 'Invite by e-mail' }));
    await user.type(invite.getByLabelText('E-mail address'), 'anna@example.com');
    await user.click(invite.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(invite.getByLabelText('E-mail address')).toHaveAccessibleDescription('You cannot invite yourself.'));
  });
});

describe('joining a team', () => {
  it('joins with the token of the link, once', async () => {
    teamApi(null);
    const tokens: unknown[] = [];
    server.use(
      http.post('/api/team/join', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json(makeTeam({ role: 'member', joinUrl: undefined }));
      }),
    );
    renderApp('/team/join?token=abc123', { session: true });
    expect(await screen.findByText('Willkommen im Team „Vertrieb Nord“!')).toBeInTheDocument();
    expect(tokens).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Zum Team' })).toHaveAttribute('href', '/app/team');
  });

  it('says why a used or expired invitation does not work', async () => {
    teamApi(null);
    server.use(
      http.post('/api/team/join', () =>
        HttpResponse.json(
          { error: 'Diese Einladung ist ungültig, abgelaufen oder wurde schon verwendet.', code: 'team_invitation_invalid' },
          { status: 404 },
        ),
      ),
    );
    renderApp('/team/join?token=old', { session: true });
    expect(
      await screen.findByText('Beitritt nicht möglich: Diese Einladung ist ungültig, abgelaufen oder wurde schon verwendet.'),
    ).toBeInTheDocument();
  });

  it('says which team someone already in one is in', async () => {
    teamApi(makeTeam({ role: 'member', joinUrl: undefined }));
    server.use(
      http.post('/api/team/join', () =>
        HttpResponse.json({ error: 'Du bist bereits in einem Team.', code: 'team_already_member' }, { status: 409 }),
      ),
    );
    renderApp('/team/join?token=twice', { session: true });
    expect(await screen.findByText('Du bist bereits im Team „Vertrieb Nord“.')).toBeInTheDocument();
  });

  it('an invitation for another address names it, joins nothing, and signing out keeps it for the invited address (issue 38)', async () => {
    teamApi(null);
    const tokens: unknown[] = [];
    server.use(
      http.post('/api/team/join', async ({ request }) => {
        tokens.push(await request.json());
        if (tokens.length === 1) {
          return HttpResponse.json(
            {
              code: 'team_invitation_other_email',
              error: 'Diese Einladung gilt für ben@example.com. Melde dich ab und mit dieser Adresse an, um sie anzunehmen.',
              params: { email: 'ben@example.com' },
              invitedEmail: 'ben@example.com',
            },
            { status: 403 },
          );
        }
        return HttpResponse.json(makeTeam({ role: 'member', joinUrl: undefined }));
      }),
      http.post('/api/auth/login', () =>
        HttpResponse.json(makeSession({ access_token: 'tok-ben', user: { ...makeSession().user, email: 'ben@example.com' } })),
      ),
    );
    const { user } = renderApp('/team/join?token=for-ben', { session: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Diese Einladung gilt für ben@example.com. Melde dich ab und mit dieser Adresse an, um sie anzunehmen.',
    );
    expect(screen.getByText('Du bist angemeldet als anna@example.com.')).toBeInTheDocument();
    expect(screen.queryByText(/Willkommen im Team/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zum Team' })).not.toBeInTheDocument();

    // The page's own button (the sidebar has one too).
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Abmelden' }));
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    expect(currentPath()).toBe('/login');
    expect(screen.getByText('Du wurdest in ein Team eingeladen.', { exact: false })).toBeInTheDocument();
    expect(pendingJoin()).toBe('for-ben');

    // Ben signs in on this browser: the join goes on with the same link.
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'ben@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'richtig1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Willkommen im Team „Vertrieb Nord“!')).toBeInTheDocument();
    expect(tokens).toEqual([{ token: 'for-ben' }, { token: 'for-ben' }]);
    expect(pendingJoin()).toBeNull();
  });

  it('says in English whom an invitation is for', async () => {
    teamApi(null);
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))),
      http.post('/api/team/join', () =>
        HttpResponse.json(
          {
            code: 'team_invitation_other_email',
            error: 'Diese Einladung gilt für ben@example.com. Melde dich ab und mit dieser Adresse an, um sie anzunehmen.',
            params: { email: 'ben@example.com' },
            invitedEmail: 'ben@example.com',
          },
          { status: 403 },
        ),
      ),
    );
    renderApp('/team/join?token=for-ben', { session: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation is for ben@example.com. Sign out and sign in with that address to accept it.',
    );
    expect(screen.getByText('You are signed in as anna@example.com.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('keeps the token of a signed-out visitor until they sign in, then joins', async () => {
    teamApi(null);
    const tokens: unknown[] = [];
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json(makeSession({ access_token: 'tok-login' }))),
      http.post('/api/team/join', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json(makeTeam({ role: 'member', joinUrl: undefined }));
      }),
    );
    const { user } = renderApp('/team/join?token=later-token');
    await screen.findByRole('heading', { name: 'Willkommen zurück' });
    expect(currentPath()).toBe('/login');
    expect(pendingJoin()).toBe('later-token');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'richtig1234');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Willkommen im Team „Vertrieb Nord“!')).toBeInTheDocument();
    expect(currentPath()).toBe('/team/join');
    expect(tokens).toEqual([{ token: 'later-token' }]);
    expect(pendingJoin()).toBeNull();
  });
});
