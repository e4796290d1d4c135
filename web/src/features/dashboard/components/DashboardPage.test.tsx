import { act, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeChallenges, makeMe } from '../../../testing/fixtures';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

async function openDashboard() {
  const view = renderApp('/dashboard', { session: true });
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  return view;
}

const panel = (name: string) => within(screen.getByRole('region', { name }));

afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard', () => {
  it('updates the daily streak on load and shows the four panels', async () => {
    let streak = 0;
    server.use(
      http.post('/api/me/streak', () => {
        streak++;
        return HttpResponse.json({ streak: 2, first: true });
      }),
    );
    await openDashboard();
    await waitFor(() => expect(streak).toBe(1));
    for (const name of ['Freunde einladen', 'Challenges', 'Kooperationen', 'User-Stats']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
  });

  it("the 'Kooperationen' card is no empty heading: it says what it offers and where to ask", () => {
    renderApp('/dashboard', { session: true });
    return screen.findByRole('heading', { name: 'Kooperationen', level: 2 }).then(() => {
      const coop = panel('Kooperationen');
      expect(
        coop.getByText(
          'Du möchtest Sales Coach mit deinem Team, als Trainer:in oder als Verband nutzen? Wir freuen uns auf gemeinsame Projekte.',
        ),
      ).toBeInTheDocument();
      expect(coop.getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/impressum');
    });
  });

  it('a failed streak update is only logged', async () => {
    server.use(http.post('/api/me/streak', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    await openDashboard();
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith('streak update failed', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Freunde einladen', () => {
  it("generates the link, copies it with the toast 'Einladungs‑Link wurde kopiert!' and resets after 3 s", async () => {
    server.use(http.post('/api/referrals/code', () => HttpResponse.json({ code: 'ANNA42' })));
    const { user } = await openDashboard();
    const invite = panel('Freunde einladen');
    await user.click(invite.getByRole('button', { name: 'Link generieren' }));
    const field = await invite.findByLabelText('Dein Einladungs\u2011Link');
    expect(field).toHaveValue(`${window.location.origin}/?ref=ANNA42`);
    expect(field).toHaveAttribute('readonly');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(invite.getByRole('button', { name: 'Kopieren' }));
    expect(await screen.findByText('Einladungs\u2011Link wurde kopiert!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/?ref=ANNA42`);
    expect(invite.getByRole('button', { name: 'Kopiert!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(invite.getByRole('button', { name: 'Kopiert!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(invite.getByRole('button', { name: 'Kopieren' })).toBeInTheDocument();
    expect(screen.queryByText('Einladungs\u2011Link wurde kopiert!')).not.toBeInTheDocument();
  });

  it("says 'Link konnte nicht generiert werden.'", async () => {
    server.use(http.post('/api/referrals/code', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    const { user } = await openDashboard();
    const invite = panel('Freunde einladen');
    await user.click(invite.getByRole('button', { name: 'Link generieren' }));
    expect(await invite.findByRole('alert')).toHaveTextContent('Link konnte nicht generiert werden.');
  });

  it('shows the existing link after a reload, without generating one', async () => {
    let generated = 0;
    server.use(
      http.get('/api/referrals/code', () => HttpResponse.json({ code: 'ANNA42' })),
      http.post('/api/referrals/code', () => {
        generated++;
        return HttpResponse.json({ code: 'ANNA42' });
      }),
    );
    await openDashboard();
    const invite = panel('Freunde einladen');
    expect(await invite.findByLabelText('Dein Einladungs\u2011Link')).toHaveValue(`${window.location.origin}/?ref=ANNA42`);
    expect(invite.queryByRole('button', { name: 'Link generieren' })).not.toBeInTheDocument();
    expect(generated).toBe(0);
  });

  it("lists the registrations newest first, the e-mail's initial without a name, 'Unbekannt' without either", async () => {
    server.use(
      http.get('/api/referrals', () =>
        HttpResponse.json([
          { created_at: '2025-06-03T10:00:00Z', display_name: 'Berta', initial: 'B', avatar_url: '/media/b.png' },
          { created_at: '2025-06-02T10:00:00Z', display_name: '', initial: 'K', avatar_url: '' },
          { created_at: '2025-06-01T10:00:00Z', display_name: '', initial: '', avatar_url: '' },
        ]),
      ),
    );
    await openDashboard();
    const list = await panel('Freunde einladen').findByRole('list', { name: 'Registrierungen' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Berta');
    expect(items[0]).toHaveTextContent('03.06.2025');
    expect(items[0]?.querySelector('img')).toHaveAttribute('src', '/media/b.png');
    expect(items[1]?.querySelector('.avatar')).toHaveTextContent(/^K$/);
    expect(items[1]).toHaveTextContent('Nutzer K.');
    expect(items[1]).not.toHaveTextContent('Unbekannt');
    expect(items[2]).toHaveTextContent('Unbekannt');
    expect(items[2]).toHaveTextContent('01.06.2025');
  });

  it("says 'Noch keine Registrierungen' without any", async () => {
    await openDashboard();
    expect(await panel('Freunde einladen').findByText('Noch keine Registrierungen')).toBeInTheDocument();
  });

  it("says 'Daten konnten nicht geladen werden.' when the list fails", async () => {
    server.use(http.get('/api/referrals', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    await openDashboard();
    expect(await panel('Freunde einladen').findByRole('alert')).toHaveTextContent(
      'Daten konnten nicht geladen werden.',
    );
  });
});

describe('Challenges', () => {
  it('shows nine rings with the real counters and Roman stages', async () => {
    server.use(
      http.get('/api/challenges', () =>
        HttpResponse.json(makeChallenges({ objections_solved: 30, messages_sent: 1200, hints: 2, completed_chats: 9 })),
      ),
    );
    await openDashboard();
    const challenges = panel('Challenges');
    const list = await challenges.findByRole('list', { name: 'Challenges' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);

    const objections = challenges.getByRole('img', { name: 'Einwände gelöst, Stufe III: 30 / 50' });
    expect(objections).toHaveTextContent('III');
    expect(objections.querySelector('.ring__fill')).toHaveAttribute('stroke-dasharray', '60.3 100.5');
    expect(objections).toHaveAccessibleDescription(/Löse die Einwände|Beschreibung von objections_solved/);
    expect(objections).toHaveAccessibleDescription(/30 \/ 50/);

    const messages = challenges.getByRole('img', { name: 'Nachrichten gesendet, Stufe X: 1200 / 1000' });
    expect(messages.querySelector('.ring__fill')).toHaveAttribute('stroke-dasharray', '100.5 100.5');

    const hints = challenges.getByRole('img', { name: 'Hints genutzt, Stufe I: 2 / 5' });
    expect(hints.querySelector('.ring__fill')).toHaveAttribute('stroke-dasharray', '40.2 100.5');
    // clamped to 100 %
    const chats = challenges.getByRole('img', { name: 'Abgeschlossene Chats, Stufe I: 9 / 3' });
    expect(chats.querySelector('.ring__fill')).toHaveAttribute('stroke-dasharray', '100.5 100.5');
    // the icon key before ' – ' is not part of the title
    expect(challenges.getByText('Tägliche Nutzung', { selector: '.challenge__title' })).toBeInTheDocument();
    expect(challenges.queryByText(/flame/)).not.toBeInTheDocument();
    expect(list.querySelectorAll('svg').length).toBeGreaterThanOrEqual(18);
  });

  it('shows the English texts in the English UI, the German ones where none was written', async () => {
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))),
      http.get('/api/challenges', () => HttpResponse.json(makeChallenges({ objections_solved: 3 }))),
    );
    renderApp('/dashboard', { session: true });
    const list = await screen.findByRole('list', { name: 'Challenges' });
    const objections = within(list).getByRole('img', { name: /^Objections solved, / });
    expect(objections).toHaveAccessibleDescription(/Description of objections_solved/);
    // Not translated by an admin: the German title stays.
    expect(within(list).getByText('Tägliche Nutzung', { selector: '.challenge__title' })).toBeInTheDocument();
  });

  it("says 'Challenge-Icons konnten nicht geladen werden.'", async () => {
    server.use(http.get('/api/challenges', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    await openDashboard();
    expect(await panel('Challenges').findByRole('alert')).toHaveTextContent(
      'Challenge-Icons konnten nicht geladen werden.',
    );
  });
});

describe('User-Stats', () => {
  it('shows the level ring with the percent, the streak and the XP', async () => {
    server.use(
      http.get('/api/me', () => {
        const me = makeMe({ profile: { streak: 4 } });
        me.level = { level: 3, xp: 260, progress: 27, xpForNext: 144, xp_for_next_level: 144, xpInLevel: 40 };
        return HttpResponse.json(me);
      }),
    );
    await openDashboard();
    const stats = panel('User-Stats');
    const ring = await stats.findByRole('img', { name: 'Level 3, 27 % bis zum nächsten Level' });
    expect(ring).toHaveTextContent('27 %');
    expect(stats.getByText('Level 3')).toBeInTheDocument();
    expect(stats.getByText('4 Tage')).toBeInTheDocument();
    expect(stats.getByText('260 XP')).toBeInTheDocument();
  });
});
