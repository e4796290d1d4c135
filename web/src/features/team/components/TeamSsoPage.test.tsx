import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from '../../../lib/navigation';
import { makeMe } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { TeamSso, TeamSsoUpdate } from '../api/sso';
import type { Team } from '../api/team';

const REDIRECT = 'http://localhost/api/auth/sso/callback';

const NOT_CONFIGURED: TeamSso = {
  configured: false,
  issuer: '',
  clientId: '',
  clientSecretSet: false,
  domains: [],
  enforced: false,
  defaultRole: 'member',
  active: false,
  adminDisabled: false,
  redirectUri: REDIRECT,
  lastTest: null,
};

function configured(overrides: Partial<TeamSso> = {}): TeamSso {
  return {
    configured: true,
    issuer: 'https://idp.example.com/realms/acme',
    clientId: 'salescoach',
    clientSecretSet: true,
    domains: [
      { domain: 'acme.com', claimed: true },
      { domain: 'acme.de', claimed: false },
    ],
    enforced: false,
    defaultRole: 'member',
    active: false,
    adminDisabled: false,
    redirectUri: REDIRECT,
    lastTest: {
      at: new Date(Date.now() - 60_000).toISOString(),
      ok: true,
      current: true,
      subject: '248289761001',
      email: 'owner@acme.com',
      emailVerified: true,
      error: null,
    },
    ...overrides,
  };
}

/** The server's side of /api/team/sso for an owner: state kept between calls, each request recorded. */
function ssoApi(start: TeamSso) {
  const state = { current: start, puts: [] as TeamSsoUpdate[], deletes: 0, tests: 0 };
  server.use(
    http.get('/api/team/sso', () => HttpResponse.json(state.current)),
    http.put('/api/team/sso', async ({ request }) => {
      const body = (await request.json()) as TeamSsoUpdate;
      state.puts.push(body);
      const domains = body.domains.map((domain) => ({
        domain,
        claimed: state.current.domains.some((d) => d.domain === domain && d.claimed),
      }));
      state.current = {
        ...state.current,
        configured: true,
        issuer: body.issuer,
        clientId: body.clientId,
        clientSecretSet: state.current.clientSecretSet || Boolean(body.clientSecret),
        domains,
        enforced: body.enforced,
        defaultRole: body.defaultRole,
        active: body.active,
        adminDisabled: body.active ? false : state.current.adminDisabled,
      };
      return HttpResponse.json(state.current);
    }),
    http.delete('/api/team/sso', () => {
      state.deletes++;
      state.current = NOT_CONFIGURED;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/team/sso/test', () => {
      state.tests++;
      return HttpResponse.json({ url: 'https://idp.example.com/realms/acme/auth?state=t1' });
    }),
  );
  return state;
}

async function openSso(path = '/team/sso') {
  const view = renderApp(path, { session: true });
  await screen.findByRole('heading', { name: 'Firmen-Anmeldung', level: 1 });
  // the settings have arrived
  await screen.findByRole('button', { name: 'Speichern' });
  return view;
}

const settings = () => within(screen.getByRole('region', { name: 'Einstellungen' }));

describe("'Firmen-Anmeldung' on the team page (issue 29)", () => {
  it.each([
    ['owner', true],
    ['manager', false],
  ] as const)('the team page links it for the %s: %s', async (role, shown) => {
    const team: Team = {
      id: '7e0b1a2c-0000-4000-8000-00000000a001',
      name: 'Vertrieb Nord',
      role,
      memberCount: 1,
      seats: { quantity: 0, assigned: 0, status: '' },
      joinUrl: 'http://localhost/app/team/join?token=x',
    };
    server.use(
      http.get('/api/team', () => HttpResponse.json(team)),
      http.get('/api/team/members', () => HttpResponse.json({ members: [], total: 0, page: 1, pageSize: 50, range: 30 })),
      http.get('/api/team/progress', () =>
        HttpResponse.json({ range: 30, techniques: [], weekly: [], families: [], exams: [], recommendation: null }),
      ),
      http.get('/api/team/leaderboard', () =>
        HttpResponse.json({ period: 'week', since: '2026-11-23', entries: [], own: { place: 0, xp: 0, hidden: false } }),
      ),
    );
    ssoApi(configured());
    const { user } = renderApp('/team', { session: true });
    const sections = within(await screen.findByRole('navigation', { name: 'Bereiche des Teams' }));
    if (!shown) {
      expect(sections.queryByRole('link', { name: 'Firmen-Anmeldung' })).not.toBeInTheDocument();
      return;
    }
    const link = sections.getByRole('link', { name: 'Firmen-Anmeldung' });
    expect(link).toHaveAttribute('href', '/app/team/sso');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Firmen-Anmeldung', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/team/sso');
  });

  it("shows a manager or member the server's 403 text", async () => {
    server.use(
      http.get('/api/team/sso', () =>
        HttpResponse.json({ code: 'team_owner_only', error: 'Das darf nur der Inhaber des Teams.' }, { status: 403 }),
      ),
    );
    renderApp('/team/sso', { session: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Das darf nur der Inhaber des Teams.');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });

  it('sets it up: checks the fields, shows the server\'s field error at its field, then saves', async () => {
    const state = ssoApi(NOT_CONFIGURED);
    const { user } = await openSso();
    const form = settings();
    expect(screen.getByText('Noch nicht eingerichtet: Trage die Daten deines Identitätsanbieters ein und speichere sie.')).toBeInTheDocument();
    // Nothing to test or switch on before the first save.
    expect(screen.queryByRole('button', { name: 'Testen' })).not.toBeInTheDocument();
    // The rule of the domains, beside the field.
    expect(form.getByLabelText('E-Mail-Domains')).toHaveAccessibleDescription(
      /Eine Domain gilt erst, wenn du dich beim Testen mit einer Adresse dieser Domain angemeldet hast\. Jede Domain kann nur zu einem Team gehören\./,
    );
    const redirect = form.getByLabelText('Redirect-URI');
    expect(redirect).toHaveValue(REDIRECT);
    expect(redirect).toHaveAttribute('readonly');
    expect(form.getByLabelText('Client-Secret')).not.toHaveAttribute('placeholder');

    await user.click(form.getByRole('button', { name: 'Speichern' }));
    expect(await form.findByText('Bitte gib die Aussteller-URL ein.')).toBeInTheDocument();
    expect(form.getByText('Bitte gib die Client-ID ein.')).toBeInTheDocument();
    expect(form.getByText('Bitte gib das Client-Secret ein.')).toBeInTheDocument();
    expect(form.getByText('Bitte gib mindestens eine Domain ein.')).toBeInTheDocument();
    expect(form.getByLabelText('Aussteller-URL (Issuer)')).toHaveFocus();
    expect(state.puts).toHaveLength(0);

    // The server refuses the issuer once (400 with field errors).
    server.use(
      http.put(
        '/api/team/sso',
        () =>
          HttpResponse.json(
            {
              code: 'invalid',
              error: 'Ungültige Eingabe.',
              fields: { issuer: { code: 'sso_bad_issuer', error: 'Die Aussteller-URL muss mit https:// beginnen.' } },
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    await user.type(form.getByLabelText('Aussteller-URL (Issuer)'), 'http://idp.example.com');
    await user.type(form.getByLabelText('Client-ID'), 'salescoach');
    await user.type(form.getByLabelText('Client-Secret'), 's3cret');
    await user.type(form.getByLabelText('E-Mail-Domains'), 'ACME.com, acme.de\nacme.com');
    await user.click(form.getByLabelText('Anmeldung nur über die Firma'));
    await user.selectOptions(form.getByLabelText('Rolle neuer Mitglieder'), 'manager');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    const issuer = form.getByLabelText('Aussteller-URL (Issuer)');
    expect(await form.findByText('Die Aussteller-URL muss mit https:// beginnen.')).toBeInTheDocument();
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
    expect(issuer).toHaveFocus();

    await user.clear(issuer);
    await user.type(issuer, 'https://idp.example.com/realms/acme');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Firmen-Anmeldung ist gespeichert.')).toBeInTheDocument();
    expect(state.puts).toEqual([
      {
        issuer: 'https://idp.example.com/realms/acme',
        clientId: 'salescoach',
        clientSecret: 's3cret',
        domains: ['acme.com', 'acme.de'],
        enforced: true,
        defaultRole: 'manager',
        active: false,
      },
    ]);
    // Saved: the secret is not shown again, the domains wait for a test.
    const saved = settings();
    expect(saved.getByLabelText('Client-Secret')).toHaveValue('');
    expect(saved.getByLabelText('Client-Secret')).toHaveAttribute('placeholder', 'gespeichert – leer lassen, um es zu behalten');
    const domains = within(saved.getByRole('list', { name: 'Stand der Domains' })).getAllByRole('listitem');
    expect(domains.map((li) => li.textContent)).toEqual(['acme.com noch nicht bestätigt', 'acme.de noch nicht bestätigt']);
    expect(screen.getByRole('button', { name: 'Testen' })).toBeInTheDocument();
  });

  it('keeps the stored secret when saved with the field empty, and shows a taken domain at the domains', async () => {
    const state = ssoApi(configured());
    const { user } = await openSso();
    const form = settings();
    server.use(
      http.put(
        '/api/team/sso',
        () =>
          HttpResponse.json(
            { code: 'sso_domain_taken', error: 'Die Domain acme.de gehört bereits zu einem anderen Team.', params: { domain: 'acme.de' } },
            { status: 409 },
          ),
        { once: true },
      ),
    );
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    const domains = form.getByLabelText('E-Mail-Domains');
    expect(await form.findByText('Die Domain acme.de gehört bereits zu einem anderen Team.')).toHaveAttribute('id', 'team-sso-domains-error');
    expect(domains).toHaveFocus();

    await user.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]).not.toHaveProperty('clientSecret');
    expect(state.puts[0]).toMatchObject({ domains: ['acme.com', 'acme.de'], active: false });
  });

  it("shows the domains' states, the redirect URI to copy and the last test", async () => {
    ssoApi(configured());
    const { user } = await openSso();
    const form = settings();
    const states = within(form.getByRole('list', { name: 'Stand der Domains' })).getAllByRole('listitem');
    expect(states.map((li) => li.textContent)).toEqual(['acme.com bestätigt', 'acme.de noch nicht bestätigt']);
    expect(form.getByLabelText('Aussteller-URL (Issuer)')).toHaveValue('https://idp.example.com/realms/acme');
    expect(form.getByLabelText('E-Mail-Domains')).toHaveValue('acme.com\nacme.de');
    await user.click(form.getByRole('button', { name: 'Kopieren' }));
    expect(await screen.findByText('Redirect-URI kopiert')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's
    expect(await navigator.clipboard.readText()).toBe(REDIRECT);

    const test = within(screen.getByRole('region', { name: 'Letzter Test' }));
    expect(test.getByText('Test erfolgreich')).toBeInTheDocument();
    const fact = (name: string) => test.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Subject')).toBe('248289761001');
    expect(fact('E-Mail')).toBe('owner@acme.com');
    expect(fact('E-Mail bestätigt')).toBe('ja');
    expect(test.queryByText('Fehler')).not.toBeInTheDocument();
    expect(screen.getByText('Die Firmen-Anmeldung ist ausgeschaltet.')).toBeInTheDocument();
  });

  it("shows a failed test's error, and that a test is stale after changes", async () => {
    ssoApi(
      configured({
        lastTest: {
          at: new Date(Date.now() - 60_000).toISOString(),
          ok: false,
          current: false,
          subject: '42',
          email: 'owner@acme.de',
          emailVerified: false,
          error: 'sso_domain_taken',
        },
      }),
    );
    await openSso();
    const test = within(screen.getByRole('region', { name: 'Letzter Test' }));
    expect(test.getByText('Test fehlgeschlagen')).toBeInTheDocument();
    const fact = (name: string) => test.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('E-Mail bestätigt')).toBe('nein');
    expect(fact('Fehler')).toBe('Die Domain acme.de gehört bereits zu einem anderen Team.');
    expect(test.getByText('Die Einstellungen wurden seit diesem Test geändert. Bitte teste erneut.')).toBeInTheDocument();
  });

  it("'Testen' goes to the provider", async () => {
    const leaveApp = vi.spyOn(navigation, 'leaveApp').mockImplementation(() => undefined);
    const state = ssoApi(configured());
    const { user } = await openSso();
    await user.click(screen.getByRole('button', { name: 'Testen' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://idp.example.com/realms/acme/auth?state=t1'));
    expect(state.tests).toBe(1);
    expect(screen.getByRole('button', { name: 'Testen' })).toBeDisabled();
  });

  it('back from the test (?test=done) focuses and announces the result', async () => {
    ssoApi(configured());
    await openSso('/team/sso?test=done');
    const block = await screen.findByRole('region', { name: 'Letzter Test' });
    await waitFor(() => expect(block).toHaveFocus());
    expect(within(block).getByRole('status')).toHaveTextContent('Test erfolgreich');
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(currentPath()).toBe('/team/sso');
  });

  it('switches it on with the stored settings (refused without a current test), and off again', async () => {
    const state = ssoApi(configured());
    const { user } = await openSso();
    server.use(
      http.put(
        '/api/team/sso',
        () =>
          HttpResponse.json(
            { code: 'sso_test_required', error: 'Teste die Firmen-Anmeldung zuerst erfolgreich mit einer Adresse einer deiner Domains.' },
            { status: 409 },
          ),
        { once: true },
      ),
    );
    // An edit not saved yet does not go along.
    await user.type(settings().getByLabelText('Client-ID'), '-neu');
    await user.click(screen.getByRole('button', { name: 'Firmen-Anmeldung einschalten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Teste die Firmen-Anmeldung zuerst erfolgreich mit einer Adresse einer deiner Domains.',
    );

    await user.click(screen.getByRole('button', { name: 'Firmen-Anmeldung einschalten' }));
    expect(await screen.findByText('Die Firmen-Anmeldung ist eingeschaltet.')).toBeInTheDocument();
    expect(state.puts).toEqual([
      {
        issuer: 'https://idp.example.com/realms/acme',
        clientId: 'salescoach',
        domains: ['acme.com', 'acme.de'],
        enforced: false,
        defaultRole: 'member',
        active: true,
      },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ausschalten' }));
    expect(await screen.findByText('Die Firmen-Anmeldung ist ausgeschaltet.')).toBeInTheDocument();
    expect(state.puts[1]).toMatchObject({ active: false });
  });

  it('tells the owner when an admin switched it off', async () => {
    ssoApi(configured({ adminDisabled: true }));
    await openSso();
    expect(
      await screen.findByText('Ein Admin hat die Firmen-Anmeldung ausgeschaltet. Teste sie erneut, um sie wieder einzuschalten.'),
    ).toBeInTheDocument();
  });

  it("'Entfernen' asks first, then the page is back to not set up", async () => {
    const state = ssoApi(configured());
    const { user } = await openSso();
    await user.click(screen.getByRole('button', { name: 'Entfernen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Firmen-Anmeldung entfernen?' }));
    expect(dialog.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Noch nicht eingerichtet: Trage die Daten deines Identitätsanbieters ein und speichere sie.')).toBeInTheDocument();
    expect(state.deletes).toBe(1);
    expect(settings().getByLabelText('Aussteller-URL (Issuer)')).toHaveValue('');
  });

  it('speaks English', async () => {
    ssoApi(configured({ adminDisabled: true }));
    // The signed-in app speaks the account's language.
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    renderApp('/team/sso', { session: true });
    expect(await screen.findByRole('heading', { name: 'Company sign-in', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('An admin has turned off company sign-in. Test it again to turn it back on.')).toBeInTheDocument();
    expect(screen.getByLabelText('Issuer URL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on company sign-in' })).toBeInTheDocument();
  });
});
