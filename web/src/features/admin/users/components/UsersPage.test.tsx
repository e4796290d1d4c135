import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import { daysAgo, minutesAgo } from '../../../../testing/time';
import { translate } from '../../../../lib/i18n';
import { formatRelative } from '../../../../lib/relative-time';
import { ADMIN_ID, makeAdminUser, renderAdmin } from '../../shared/testing';
import type { AdminTeamItem, AdminUserItem } from '../../shared';

/** GET /api/admin/users answering with `items` (total = its length unless given); records the queries. */
function listUsers(items: AdminUserItem[], total = items.length) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get('/api/admin/users', ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ items, total });
    }),
  );
  return queries;
}

/** How the table shows a time (in the test machine's time zone). */
const deT: Parameters<typeof formatRelative>[0] = (key, vars) => translate('de', key, vars);

/** How the table shows a time (in the test machine's time zone). */
const deTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

async function openUsers() {
  const view = renderAdmin('/users');
  await screen.findByRole('heading', { name: 'Benutzer', level: 1 });
  return view;
}

const list = () => within(screen.getByRole('region', { name: 'Alle Benutzer' }));
const createForm = () => within(screen.getByRole('form', { name: 'Benutzer anlegen' }));

describe('admin users: list', () => {
  it('shows every user with e-mail, name, plan (with the subscription status), level, created, last active, admin and disabled', async () => {
    listUsers([
      makeAdminUser({
        email: 'anna@example.com',
        display_name: 'Anna Admin',
        is_admin: true,
        plan: 'elite',
        subscription_status: 'active',
        level: 7,
        created_at: daysAgo(3),
        last_active_at: minutesAgo(1),
        team_name: 'Vertrieb Nord',
        team_role: 'manager',
      }),
      makeAdminUser({
        email: 'bert@example.com',
        display_name: '',
        status: 'disabled',
        email_confirmed: false,
        subscription_status: 'cancelled',
      }),
      makeAdminUser({ email: '', display_name: '', is_anonymous: true }),
    ]);
    await openUsers();
    const table = await list().findByRole('table', { name: 'Benutzer, neueste zuerst' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'E-Mail',
      'Name',
      'Plan',
      'Team',
      'Level',
      'Erstellt',
      'Zuletzt aktiv',
      'Admin',
      'Gesperrt',
      'Aktionen',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('anna@example.com');
    expect(cells(rows[0]!).slice(0, 8)).toEqual([
      'Anna Admin',
      'Eliteaktiv',
      'Vertrieb NordManager',
      '7',
      'vor 3 Tagen',
      'vor 1 Minute',
      'Ja',
      'Nein',
    ]);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('bert@example.comnicht bestätigt');
    expect(cells(rows[1]!).slice(0, 8)).toEqual([
      '–',
      'Freegekündigt',
      '–',
      '1',
      formatRelative(deT, '2025-06-01T10:00:00Z', Date.now()),
      'Nie',
      'Nein',
      'Ja',
    ]);
    const lastActive = within(rows[0]!).getByText('vor 1 Minute');
    expect(lastActive).toHaveAttribute('title', deTime(lastActive.getAttribute('datetime') ?? ''));
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Gast');
    expect(within(rows[0]!).getByRole('button', { name: 'Admin entziehen: anna@example.com' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Entsperren: bert@example.com' })).toBeInTheDocument();
  });

  it('lists the teams with owner, members, seats (assigned / bought) and the team plan\'s status', async () => {
    server.use(
      http.get('/api/admin/teams', () =>
        HttpResponse.json({
          items: [
            {
              id: '10000000-0000-4000-8000-000000000001',
              name: 'Vertrieb Nord',
              owner_id: '10000000-0000-4000-8000-000000000002',
              owner_email: 'owner@example.com',
              members: 4,
              seats: 3,
              seats_assigned: 1,
              subscription_status: 'active',
              cancel_at_period_end: true,
              created_at: daysAgo(2),
              sso: { state: 'off', domains: [], enforced: false },
            },
          ],
          total: 1,
        }),
      ),
    );
    listUsers([]);
    await openUsers();
    const teams = within(screen.getByRole('region', { name: 'Teams' }));
    const table = await teams.findByRole('table', { name: 'Teams, neueste zuerst' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Team',
      'Inhaber',
      'Mitglieder',
      'Plätze (vergeben / gekauft)',
      'Team-Abo',
      'Firmen-Anmeldung',
      'Erstellt',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Vertrieb Nord');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'owner@example.com',
      '4',
      '1 / 3',
      'aktivendet zum Periodenende',
      'aus',
      'vor 2 Tagen',
    ]);
  });

  it("says 'Lade...' and then 'Keine Benutzer gefunden.'", async () => {
    listUsers([]);
    await openUsers();
    expect(list().getByText('Lade...')).toBeInTheDocument();
    expect(await list().findByText('Keine Benutzer gefunden.')).toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    server.use(http.get('/api/admin/users', () => HttpResponse.json({ error: 'Keine Berechtigung.' }, { status: 403 })));
    await openUsers();
    expect(await list().findByRole('alert')).toHaveTextContent('Keine Berechtigung.');
  });

  it('searches once typing pauses, and pages with limit and offset', async () => {
    const queries = listUsers(
      Array.from({ length: 25 }, () => makeAdminUser()),
      60,
    );
    const { user } = await openUsers();
    await list().findByRole('table');
    expect(queries).toEqual([{ limit: '25', offset: '0' }]);
    const pages = list().getByRole('navigation', { name: 'Seiten' });
    expect(pages).toHaveTextContent('Seite 1 von 3');
    await user.click(within(pages).getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ limit: '25', offset: '25' }));
    await waitFor(() => expect(pages).toHaveTextContent('Seite 2 von 3'));

    await user.type(list().getByRole('searchbox', { name: 'Benutzer suchen' }), 'anna');
    await waitFor(() => expect(queries.at(-1)).toEqual({ q: 'anna', limit: '25', offset: '0' }));
    // one request for the whole word, not one per keystroke
    expect(queries.filter((q) => q.q !== undefined)).toHaveLength(1);
    expect(await list().findByText('60 Treffer für „anna“')).toBeInTheDocument();
  });

  it('offers no actions on the own account', async () => {
    listUsers([makeAdminUser({ id: ADMIN_ID, email: 'anna@example.com', is_admin: true })]);
    await openUsers();
    const row = (await list().findAllByRole('row'))[1]!;
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Dein Konto');
  });
});

describe('admin users: actions', () => {
  function recordPatches(answer: (body: Record<string, unknown>) => Response | null = () => null) {
    const patches: { id: string; body: Record<string, unknown> }[] = [];
    server.use(
      http.patch('/api/admin/users/:id', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push({ id: String(params.id), body });
        return answer(body) ?? HttpResponse.json(makeAdminUser({ id: String(params.id), ...body }));
      }),
    );
    return patches;
  }

  it('grants admin after the confirmation and says so', async () => {
    const bert = makeAdminUser({ email: 'bert@example.com' });
    const queries = listUsers([bert]);
    const patches = recordPatches();
    const { user } = await openUsers();
    await user.click(await list().findByRole('button', { name: 'Admin machen: bert@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admin-Rechte vergeben?' });
    expect(dialog).toHaveAccessibleDescription(
      'bert@example.com erhält Zugriff auf den gesamten Admin-Bereich, alle Konten und alle Konversationen.',
    );
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Admin machen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([{ id: bert.id, body: { is_admin: true } }]);
    expect(list().getByRole('status')).toHaveTextContent('bert@example.com ist jetzt Admin.');
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it('cancelling sends nothing', async () => {
    listUsers([makeAdminUser({ email: 'bert@example.com' })]);
    const patches = recordPatches();
    const { user } = await openUsers();
    await user.click(await list().findByRole('button', { name: 'Sperren: bert@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto sperren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(list().getByRole('button', { name: 'Sperren: bert@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toHaveLength(0);
  });

  it('disables, enables and revokes with the matching body; a failure stays in the dialog', async () => {
    const carla = makeAdminUser({ email: 'carla@example.com', is_admin: true, status: 'disabled' });
    listUsers([carla]);
    const patches = recordPatches((body) =>
      body.is_admin === false
        ? HttpResponse.json({ error: 'Das kannst du nicht an deinem eigenen Konto ändern.' }, { status: 400 })
        : null,
    );
    const { user } = await openUsers();
    await user.click(await list().findByRole('button', { name: 'Entsperren: carla@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Konto entsperren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Entsperren' }));
    expect(await list().findByRole('status')).toHaveTextContent('carla@example.com ist entsperrt.');

    await user.click(list().getByRole('button', { name: 'Admin entziehen: carla@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Admin-Rechte entziehen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Admin entziehen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Das kannst du nicht an deinem eigenen Konto ändern.',
    );
    expect(patches.map((p) => p.body)).toEqual([{ status: 'active' }, { is_admin: false }]);
  });

  it('deletes an account after the confirmation; a refused deletion stays in the dialog', async () => {
    const dora = makeAdminUser({ email: 'dora@example.com' });
    const queries = listUsers([dora]);
    const deletions: string[] = [];
    let fail = true;
    server.use(
      http.delete('/api/admin/users/:id', ({ params }) => {
        deletions.push(String(params.id));
        if (fail) {
          return HttpResponse.json(
            {
              code: 'account_delete_subscription_failed',
              error: 'Dein Abo konnte nicht gekündigt werden. Das Konto wurde nicht gelöscht. Bitte versuche es später erneut.',
            },
            { status: 503 },
          );
        }
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openUsers();
    await user.click(await list().findByRole('button', { name: 'Löschen: dora@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Dein Abo konnte nicht gekündigt werden.');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletions).toEqual([dora.id, dora.id]);
    expect(list().getByRole('status')).toHaveTextContent('dora@example.com wurde gelöscht.');
    await waitFor(() => expect(queries).toHaveLength(2));
  });
});

describe('admin users: create', () => {
  it('requires first name, last name and a valid e-mail (an e-mail input)', async () => {
    let posts = 0;
    server.use(
      http.post('/api/admin/users', () => {
        posts++;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = await openUsers();
    expect(createForm().getByLabelText('E-Mail')).toHaveAttribute('type', 'email');
    for (const label of ['Vorname', 'Nachname', 'E-Mail']) expect(createForm().getByLabelText(label)).toBeRequired();
    await user.click(createForm().getByRole('button', { name: 'Benutzer anlegen' }));
    expect(createForm().getByLabelText('Vorname')).toHaveAccessibleDescription('Vorname ist erforderlich.');
    expect(createForm().getByLabelText('Nachname')).toHaveAccessibleDescription('Nachname ist erforderlich.');
    expect(createForm().getByLabelText('E-Mail')).toHaveAccessibleDescription(
      'Bitte gib eine gültige E-Mail-Adresse an.',
    );
    expect(createForm().getByLabelText('Vorname')).toHaveFocus();
    expect(posts).toBe(0);
  });

  it('sends the invitation and says so; the list refreshes', async () => {
    let body: unknown;
    const queries = listUsers([]);
    server.use(
      http.post('/api/admin/users', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeAdminUser({ email: 'dora@example.com', display_name: 'Dora Dach' }), {
          status: 201,
        });
      }),
    );
    const { user } = await openUsers();
    await list().findByText('Keine Benutzer gefunden.');
    await user.type(createForm().getByLabelText('Vorname'), ' Dora ');
    await user.type(createForm().getByLabelText('Nachname'), 'Dach');
    await user.type(createForm().getByLabelText('E-Mail'), 'dora@example.com');
    await user.click(createForm().getByRole('button', { name: 'Benutzer anlegen' }));
    expect(await createForm().findByRole('status')).toHaveTextContent(
      'Benutzer angelegt. Eine Einladung wurde an dora@example.com gesendet.',
    );
    expect(body).toEqual({ first_name: 'Dora', last_name: 'Dach', email: 'dora@example.com' });
    expect(createForm().getByLabelText('Vorname')).toHaveValue('');
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it("shows the server's field errors and its conflict text", async () => {
    let call = 0;
    server.use(
      http.post('/api/admin/users', () => {
        call++;
        return call === 1
          ? HttpResponse.json(
              {
                error: 'Bitte gib eine gültige E-Mail-Adresse an.',
                fields: { email: 'Bitte gib eine gültige E-Mail-Adresse an.' },
              },
              { status: 400 },
            )
          : HttpResponse.json({ error: 'Diese E-Mail-Adresse ist bereits registriert.' }, { status: 409 });
      }),
    );
    const { user } = await openUsers();
    await user.type(createForm().getByLabelText('Vorname'), 'Eva');
    await user.type(createForm().getByLabelText('Nachname'), 'Ernst');
    await user.type(createForm().getByLabelText('E-Mail'), 'eva@example.com');
    await user.click(createForm().getByRole('button', { name: 'Benutzer anlegen' }));
    await waitFor(() =>
      expect(createForm().getByLabelText('E-Mail')).toHaveAccessibleDescription(
        'Bitte gib eine gültige E-Mail-Adresse an.',
      ),
    );
    expect(createForm().getByLabelText('E-Mail')).toHaveFocus();
    await user.click(createForm().getByRole('button', { name: 'Benutzer anlegen' }));
    expect(await createForm().findByRole('alert')).toHaveTextContent('Diese E-Mail-Adresse ist bereits registriert.');
  });
});

describe('admin teams: company sign-in (issue 29)', () => {
  const team = (n: number, name: string, sso: AdminTeamItem['sso']): AdminTeamItem => ({
    id: `10000000-0000-4000-8000-00000000010${n}`,
    name,
    owner_id: '10000000-0000-4000-8000-000000000002',
    owner_email: `owner${n}@example.com`,
    members: 2,
    seats: 0,
    seats_assigned: 0,
    subscription_status: '',
    cancel_at_period_end: false,
    created_at: daysAgo(1),
    sso,
  });

  it("shows each team's state with its claimed domains, and switches an active one off after asking", async () => {
    let items = [
      team(1, 'ACME', { state: 'active', domains: ['acme.com', 'acme.de'], enforced: true }),
      team(2, 'Beta', { state: 'configured', domains: [], enforced: false }),
      team(3, 'Gamma', { state: 'disabled', domains: ['gamma.io'], enforced: false }),
      team(4, 'Delta', { state: 'off', domains: [], enforced: false }),
    ];
    const disabled: string[] = [];
    let listed = 0;
    server.use(
      http.get('/api/admin/teams', () => {
        listed++;
        return HttpResponse.json({ items, total: items.length });
      }),
      http.post('/api/admin/teams/:teamId/sso/disable', ({ params }) => {
        disabled.push(String(params.teamId));
        items = items.map((t) => (t.id === params.teamId ? { ...t, sso: { state: 'disabled', domains: ['acme.com', 'acme.de'], enforced: true } } : t));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    listUsers([]);
    const { user } = await openUsers();
    const table = await within(screen.getByRole('region', { name: 'Teams' })).findByRole('table', { name: 'Teams, neueste zuerst' });
    const ssoCell = (name: string) => {
      const row = within(table).getByRole('rowheader', { name }).closest('tr')!;
      return within(row).getAllByRole('cell')[4]!;
    };
    expect(ssoCell('ACME')).toHaveTextContent(/^aktivacme\.com, acme\.denur über die FirmaFirmen-Anmeldung abschalten$/);
    expect(ssoCell('Beta')).toHaveTextContent(/^eingerichtetFirmen-Anmeldung abschalten$/);
    expect(ssoCell('Gamma')).toHaveTextContent(/^vom Admin ausgeschaltetgamma\.io$/);
    expect(ssoCell('Delta')).toHaveTextContent(/^aus$/);
    // Only what can still sign anyone in can be switched off.
    expect(within(table).getAllByRole('button', { name: /^Firmen-Anmeldung abschalten: / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Firmen-Anmeldung abschalten: ACME',
      'Firmen-Anmeldung abschalten: Beta',
    ]);

    // Cancel first: nothing happens.
    await user.click(within(ssoCell('ACME')).getByRole('button', { name: 'Firmen-Anmeldung abschalten: ACME' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Firmen-Anmeldung abschalten?' }));
    expect(dialog.getByText('Das Team „ACME“ kann sich dann nicht mehr über seine Firma anmelden, bis der Inhaber die Firmen-Anmeldung erneut testet und einschaltet.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    expect(disabled).toEqual([]);

    await user.click(within(ssoCell('ACME')).getByRole('button', { name: 'Firmen-Anmeldung abschalten: ACME' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Firmen-Anmeldung abschalten?' }));
    const before = listed;
    await user.click(dialog.getByRole('button', { name: 'Firmen-Anmeldung abschalten' }));
    expect(await screen.findByText('Die Firmen-Anmeldung von „ACME“ ist abgeschaltet.')).toBeInTheDocument();
    expect(disabled).toEqual(['10000000-0000-4000-8000-000000000101']);
    await waitFor(() => expect(ssoCell('ACME')).toHaveTextContent(/^vom Admin ausgeschaltet/));
    expect(listed).toBeGreaterThan(before);
    expect(within(ssoCell('ACME')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    server.use(
      http.get('/api/admin/teams', () =>
        HttpResponse.json({ items: [team(1, 'ACME', { state: 'active', domains: ['acme.com'], enforced: false })], total: 1 }),
      ),
      http.post('/api/admin/teams/:teamId/sso/disable', () =>
        HttpResponse.json({ code: 'not_found', error: 'Nicht gefunden.' }, { status: 404 }),
      ),
    );
    listUsers([]);
    const { user } = await openUsers();
    await user.click(await screen.findByRole('button', { name: 'Firmen-Anmeldung abschalten: ACME' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Firmen-Anmeldung abschalten?' }));
    await user.click(dialog.getByRole('button', { name: 'Firmen-Anmeldung abschalten' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Nicht gefunden.');
  });
});
