import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from '../../../lib/navigation';
import { makeMe } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { SsoDomain, TeamSso, TeamSsoUpdate } from '../api/sso';
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
  clientSecretExpiresOn: null,
};

/** A listed domain as the server shows it, with the TXT record that proves it (issue 38). */
function domainOf(domain: string, claimed: boolean): SsoDomain {
  return { domain, claimed, dnsName: `_salescoach-challenge.${domain}`, dnsValue: `salescoach-verification=tok-${domain}` };
}

function configured(overrides: Partial<TeamSso> = {}): TeamSso {
  return {
    configured: true,
    issuer: 'https://idp.example.com/realms/acme',
    clientId: 'salescoach',
    clientSecretSet: true,
    domains: [domainOf('acme.com', true), domainOf('acme.de', false)],
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
    clientSecretExpiresOn: null,
    ...overrides,
  };
}

/** The server's side of /api/team/sso for an owner: state kept between calls, each request recorded. */
function ssoApi(start: TeamSso) {
  const state = { current: start, puts: [] as TeamSsoUpdate[], deletes: 0, tests: 0, verified: [] as unknown[] };
  server.use(
    http.get('/api/team/sso', () => HttpResponse.json(state.current)),
    http.put('/api/team/sso', async ({ request }) => {
      const body = (await request.json()) as TeamSsoUpdate;
      state.puts.push(body);
      const domains = body.domains.map((domain) =>
        domainOf(domain, state.current.domains.some((d) => d.domain === domain && d.claimed)),
      );
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
        clientSecretExpiresOn: body.clientSecretExpiresOn ?? null,
      };
      return HttpResponse.json(state.current);
    }),
    http.delete('/api/team/sso', () => {
      state.deletes++;
      state.current = NOT_CONFIGURED;
      return new HttpResponse(null, { status: 204 });
    }),
    // The record is published: the domain is confirmed.
    http.post('/api/team/sso/domains/verify', async ({ request }) => {
      const body = (await request.json()) as { domain: string };
      state.verified.push(body);
      state.current = {
        ...state.current,
        domains: state.current.domains.map((d) => (d.domain === body.domain ? { ...d, claimed: true } : d)),
      };
      return HttpResponse.json(state.current);
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

/** The listed domains in the settings, as 'acme.com bestätigt'. */
const domainItems = () => within(settings().getByRole('list', { name: 'Stand der Domains' })).getAllByRole('listitem');
const domainStates = () =>
  domainItems().map((li) => {
    const item = within(li);
    return `${item.getByRole('heading', { level: 3 }).textContent} ${item.getByText(/^(noch nicht )?bestätigt$/).textContent}`;
  });
/** The listed domain's item. */
const domainItem = (domain: string) => {
  const found = domainItems().find((li) => within(li).queryByRole('heading', { level: 3, name: domain }));
  if (!found) throw new Error(`no item for ${domain}`);
  return within(found);
};

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
      http.get('/api/team/invitations', () => HttpResponse.json({ items: [] })),
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
      /Jede Domain bestätigst du mit einem TXT-Eintrag im DNS deiner Firma: Nach dem Speichern stehen unten Name und Wert\. Gib beides an deine IT weiter und drücke danach „Prüfen“\. Erst dann können sich Adressen dieser Domain über die Firma anmelden\. Jede Domain kann nur zu einem Team gehören\./,
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
    await user.type(form.getByLabelText('Ablaufdatum des Secrets (optional)'), '2027-06-30');
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
        clientSecretExpiresOn: '2027-06-30',
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
    expect(domainStates()).toEqual(['acme.com noch nicht bestätigt', 'acme.de noch nicht bestätigt']);
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
    expect(domainStates()).toEqual(['acme.com bestätigt', 'acme.de noch nicht bestätigt']);
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
    // The stored expiry date goes along, so that switching keeps it.
    const state = ssoApi(configured({ clientSecretExpiresOn: '2027-06-30' }));
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
        clientSecretExpiresOn: '2027-06-30',
        active: true,
      },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ausschalten' }));
    expect(await screen.findByText('Die Firmen-Anmeldung ist ausgeschaltet.')).toBeInTheDocument();
    expect(state.puts[1]).toMatchObject({ active: false });
  });

  it('switching on without a confirmed domain says to confirm one first', async () => {
    ssoApi(configured({ domains: [domainOf('acme.de', false)] }));
    server.use(
      http.put(
        '/api/team/sso',
        () =>
          HttpResponse.json(
            { code: 'sso_domain_unclaimed', error: 'Bestätige zuerst mindestens eine deiner Domains mit ihrem DNS-Eintrag („Prüfen“).' },
            { status: 409 },
          ),
        { once: true },
      ),
    );
    const { user } = await openSso();
    await user.click(screen.getByRole('button', { name: 'Firmen-Anmeldung einschalten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bestätige zuerst mindestens eine deiner Domains mit ihrem DNS-Eintrag („Prüfen“).',
    );
    expect(screen.getByText('Die Firmen-Anmeldung ist ausgeschaltet.')).toBeInTheDocument();
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

describe("'Firmen-Anmeldung': a domain proven by a DNS TXT record (issue 38)", () => {
  it('shows the TXT record of a domain not confirmed yet, Name and Wert each to copy, and none for a confirmed one', async () => {
    ssoApi(configured());
    const { user } = await openSso();
    expect(domainItem('acme.com').queryByRole('group')).not.toBeInTheDocument();
    expect(domainItem('acme.com').queryByRole('button', { name: 'Prüfen' })).not.toBeInTheDocument();

    const item = domainItem('acme.de');
    const record = within(item.getByRole('group', { name: 'Trage diesen TXT-Eintrag im DNS von acme.de ein (oder lass ihn von deiner IT eintragen):' }));
    expect(record.getByText('Typ: TXT')).toBeInTheDocument();
    expect(record.getByLabelText('Name')).toHaveValue('_salescoach-challenge.acme.de');
    expect(record.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(record.getByLabelText('Wert')).toHaveValue('salescoach-verification=tok-acme.de');

    const copyName = record.getByRole('button', { name: 'Name kopieren' });
    expect(copyName).toHaveTextContent('Kopieren');
    await user.click(copyName);
    expect(await screen.findByText('Name kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('_salescoach-challenge.acme.de');
    await user.click(record.getByRole('button', { name: 'Wert kopieren' }));
    expect(await screen.findByText('Wert kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('salescoach-verification=tok-acme.de');

    // 'Prüfen' is named by its button text and described by the domain.
    expect(item.getByRole('button', { name: 'Prüfen' })).toHaveAccessibleDescription('acme.de');
    // The test claims nothing, and switching on waits for a confirmed domain.
    expect(
      screen.getByText('Testen meldet dich einmal beim Anbieter an und zeigt, was zurückkam. Dabei wird niemand angemeldet und keine Domain bestätigt.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Einschalten kannst du, sobald ein Test erfolgreich war und mindestens eine Domain bestätigt ist.'),
    ).toBeInTheDocument();
  });

  it("'Prüfen' is busy while the server looks, then the domain is confirmed, announced, and keeps the focus", async () => {
    const state = ssoApi(configured());
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(
        '/api/team/sso/domains/verify',
        async ({ request }) => {
          const body = (await request.json()) as { domain: string };
          state.verified.push(body);
          await held;
          state.current = { ...state.current, domains: state.current.domains.map((d) => ({ ...d, claimed: true })) };
          return HttpResponse.json(state.current);
        },
        { once: true },
      ),
    );
    const { user } = await openSso();
    const item = domainItem('acme.de');
    const check = item.getByRole('button', { name: 'Prüfen' });
    await user.click(check);
    await waitFor(() => expect(check).toHaveAttribute('aria-busy', 'true'));
    expect(check).toHaveAttribute('aria-disabled', 'true');
    expect(check).toHaveFocus();
    expect(item.getByRole('status')).toHaveTextContent('Suche den TXT-Eintrag von acme.de …');
    // A second press while it runs asks nothing more.
    await user.click(check);
    release();
    await waitFor(() => expect(domainStates()).toEqual(['acme.com bestätigt', 'acme.de bestätigt']));
    expect(state.verified).toEqual([{ domain: 'acme.de' }]);
    const done = domainItem('acme.de');
    expect(done.getByRole('status')).toHaveTextContent('acme.de ist bestätigt und gehört jetzt zu deinem Team.');
    expect(done.queryByRole('group')).not.toBeInTheDocument();
    expect(done.getByRole('heading', { level: 3, name: 'acme.de' })).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'sso_domain_unverified',
      409,
      {
        code: 'sso_domain_unverified',
        error:
          'Für acme.de wurde kein passender DNS-Eintrag gefunden. Lege einen TXT-Eintrag mit dem Namen _salescoach-challenge.acme.de und dem Wert salescoach-verification=tok-acme.de an. Bis DNS-Änderungen sichtbar werden, kann es eine Weile dauern.',
        params: { domain: 'acme.de', dnsName: '_salescoach-challenge.acme.de', dnsValue: 'salescoach-verification=tok-acme.de' },
      },
      'Für acme.de wurde kein passender DNS-Eintrag gefunden. Lege einen TXT-Eintrag mit dem Namen _salescoach-challenge.acme.de und dem Wert salescoach-verification=tok-acme.de an. Bis DNS-Änderungen sichtbar werden, kann es eine Weile dauern.',
    ],
    [
      'sso_domain_taken',
      409,
      { code: 'sso_domain_taken', error: 'Die Domain acme.de gehört bereits zu einem anderen Team.', params: { domain: 'acme.de' } },
      'Die Domain acme.de gehört bereits zu einem anderen Team.',
    ],
    [
      'sso_domain_not_listed',
      400,
      {
        code: 'invalid',
        error: 'Ungültige Eingabe.',
        fields: { domain: { code: 'sso_domain_not_listed', error: 'Die Domain acme.de steht nicht in der Liste deiner Domains.', params: { domain: 'acme.de' } } },
      },
      'Die Domain acme.de steht nicht in der Liste deiner Domains.',
    ],
    [
      'sso_dns_unavailable',
      503,
      { code: 'sso_dns_unavailable', error: 'Der DNS-Eintrag kann gerade nicht geprüft werden. Bitte versuche es später erneut.' },
      'Der DNS-Eintrag kann gerade nicht geprüft werden. Bitte versuche es später erneut.',
    ],
    ['a rate limit', 429, { code: 'limit', error: 'Zu viele Anfragen. Bitte warte einen Moment.' }, 'Zu viele Anfragen. Bitte warte einen Moment.'],
  ])("'Prüfen' refused with %s (%i) shows its text at that domain, which stays unconfirmed", async (_code, status, body, text) => {
    ssoApi(configured({ domains: [domainOf('acme.com', false), domainOf('acme.de', false)] }));
    server.use(http.post('/api/team/sso/domains/verify', () => HttpResponse.json(body, { status }), { once: true }));
    const { user } = await openSso();
    const item = domainItem('acme.de');
    const check = item.getByRole('button', { name: 'Prüfen' });
    await user.click(check);
    expect(await item.findByRole('alert')).toHaveTextContent(text);
    expect(domainItem('acme.com').queryByRole('alert')).not.toBeInTheDocument();
    expect(domainStates()).toEqual(['acme.com noch nicht bestätigt', 'acme.de noch nicht bestätigt']);
    expect(check).not.toHaveAttribute('aria-busy');
    expect(check).toHaveFocus();
    expect(item.getByRole('status')).toHaveTextContent('');
    // Once the record is there, the next check confirms it and the error goes.
    await user.click(check);
    await waitFor(() => expect(domainStates()).toEqual(['acme.com noch nicht bestätigt', 'acme.de bestätigt']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a free-mail domain refused at the domains field', async () => {
    const state = ssoApi(configured());
    server.use(
      http.put(
        '/api/team/sso',
        () =>
          HttpResponse.json(
            {
              code: 'invalid',
              error: 'Ungültige Eingabe.',
              fields: {
                'domains.2': {
                  code: 'sso_domain_freemail',
                  error: 'gmail.com ist eine Domain für private E-Mail-Adressen und kann nicht für die Firmen-Anmeldung eingetragen werden.',
                  params: { domain: 'gmail.com' },
                },
              },
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    const { user } = await openSso();
    const domains = settings().getByLabelText('E-Mail-Domains');
    await user.type(domains, '\ngmail.com');
    await user.click(settings().getByRole('button', { name: 'Speichern' }));
    expect(await settings().findByText('gmail.com ist eine Domain für private E-Mail-Adressen und kann nicht für die Firmen-Anmeldung eingetragen werden.')).toHaveAttribute(
      'id',
      'team-sso-domains-error',
    );
    expect(domains).toHaveAttribute('aria-invalid', 'true');
    expect(domains).toHaveFocus();
    expect(state.puts).toHaveLength(0);
  });

  it('says in English what to publish when the record is not found', async () => {
    ssoApi(configured());
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))),
      http.post(
        '/api/team/sso/domains/verify',
        () =>
          HttpResponse.json(
            {
              code: 'sso_domain_unverified',
              error: 'Für acme.de wurde kein passender DNS-Eintrag gefunden. Lege einen TXT-Eintrag mit dem Namen _salescoach-challenge.acme.de und dem Wert salescoach-verification=tok-acme.de an. Bis DNS-Änderungen sichtbar werden, kann es eine Weile dauern.',
              params: { domain: 'acme.de', dnsName: '_salescoach-challenge.acme.de', dnsValue: 'salescoach-verification=tok-acme.de' },
            },
            { status: 409 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp('/team/sso', { session: true });
    const form = within(await screen.findByRole('region', { name: 'Settings' }));
    const item = within(within(form.getByRole('list', { name: 'State of the domains' })).getAllByRole('listitem')[1]!);
    await user.click(item.getByRole('button', { name: 'Check' }));
    expect(await item.findByRole('alert')).toHaveTextContent(
      'No matching DNS record was found for acme.de. Add a TXT record with the name _salescoach-challenge.acme.de and the value salescoach-verification=tok-acme.de. It can take a while until DNS changes become visible.',
    );
  });

  it('speaks English: the record, the check and its failure', async () => {
    ssoApi(configured());
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))),
      http.post(
        '/api/team/sso/domains/verify',
        () =>
          HttpResponse.json(
            {
              code: 'sso_dns_unavailable',
              error: 'Der DNS-Eintrag kann gerade nicht geprüft werden. Bitte versuche es später erneut.',
            },
            { status: 503 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp('/team/sso', { session: true });
    await screen.findByRole('heading', { name: 'Company sign-in', level: 1 });
    const form = within(await screen.findByRole('region', { name: 'Settings' }));
    expect(form.getByLabelText('E-mail domains')).toHaveAccessibleDescription(
      /You confirm each domain with a TXT record in your company's DNS: once saved, its name and value show below\. Pass both on to your IT, then press “Check”\./,
    );
    const item = within(within(form.getByRole('list', { name: 'State of the domains' })).getAllByRole('listitem')[1]!);
    expect(item.getByText('not confirmed yet')).toBeInTheDocument();
    const record = within(item.getByRole('group', { name: 'Add this TXT record to the DNS of acme.de (or have your IT add it):' }));
    expect(record.getByLabelText('Name')).toHaveValue('_salescoach-challenge.acme.de');
    expect(record.getByLabelText('Value')).toHaveValue('salescoach-verification=tok-acme.de');
    await user.click(record.getByRole('button', { name: 'Copy value' }));
    expect(await screen.findByText('Value copied')).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'Check' }));
    expect(await item.findByRole('alert')).toHaveTextContent('The DNS record cannot be checked right now. Please try again later.');
    await user.click(item.getByRole('button', { name: 'Check' }));
    expect(await item.findByRole('status')).toHaveTextContent('acme.de is confirmed and now belongs to your team.');
    expect(screen.getByText('You can turn it on once a test has succeeded and at least one domain is confirmed.')).toBeInTheDocument();
  });
});
