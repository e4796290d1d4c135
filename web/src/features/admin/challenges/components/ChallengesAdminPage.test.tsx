import { adminHandlers } from '../../../../testing/handlers';
import { waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import type { AdminChallenge, AdminChallengesResponse, ChallengeUpdate } from '../api/challenges';

const SEED: [string, string, string, number, number][] = [
  ['objections_solved', 'Einwände gelöst', 'shield-check', 0, 14],
  ['messages_sent', 'Nachrichten gesendet', 'message-square', 0, 40],
  ['fast_answers', 'Schnelle Antworten', 'zap', 10, 3],
  ['feedback', 'Feedbackgeber', 'message-circle-heart', 5, 0],
  ['calls', 'Telefonieren', 'phone', 5, 1],
  ['hints', 'Hints genutzt', 'lightbulb', 5, 7],
  ['perfect_answers', 'Perfekte Antworten', 'sparkles', 8, 2],
  ['completed_chats', 'Abgeschlossene Chats', 'trophy', 3, 9],
  ['daily_streak', 'Tägliche Nutzung', 'flame', 7, 5],
];

function makeChallenges(): AdminChallenge[] {
  return SEED.map(([key, title, icon, target, completions]) => ({
    key,
    title,
    icon,
    description: `Beschreibung von ${title}`,
    title_en: key === 'hints' ? 'Hints used' : '',
    description_en: '',
    target,
    staged: target === 0,
    completions,
  }));
}

function respond(challenges: AdminChallenge[]): AdminChallengesResponse {
  const top = [...challenges]
    .sort((a, b) => b.completions - a.completions)
    .slice(0, 3)
    .map(({ key, title, icon, completions }) => ({ key, title, icon, completions }));
  return { challenges, top };
}

/** Admin role, GET and a PUT that applies the updates like the server. */
function serveChallenges() {
  let current = makeChallenges();
  const puts: ChallengeUpdate[][] = [];
  server.use(
    ...adminHandlers(),
    http.get('/api/admin/challenges', () => HttpResponse.json(respond(current))),
    http.put('/api/admin/challenges', async ({ request }) => {
      const body = (await request.json()) as { challenges: ChallengeUpdate[] };
      puts.push(body.challenges);
      current = current.map((c) => {
        const u = body.challenges.find((x) => x.key === c.key);
        return u ? { ...c, ...u, staged: u.target === 0 } : c;
      });
      return HttpResponse.json(respond(current));
    }),
  );
  return { puts };
}

async function openChallenges() {
  const view = renderApp('/challenges', { session: true });
  await screen.findByRole('heading', { name: 'Challenges', level: 1 });
  await screen.findByRole('group', { name: 'Hints genutzt' });
  return view;
}

const group = (name: string) => within(screen.getByRole('group', { name }));
const saveButton = () => screen.getByRole('button', { name: 'Änderungen speichern' });

describe('admin challenges', () => {
  it("says 'Lade...' while loading", async () => {
    server.use(
      ...adminHandlers(),
      http.get('/api/admin/challenges', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/challenges', { session: true });
    expect(await screen.findByText('Lade...')).toBeInTheDocument();
  });

  it('shows the top three and the completions of every challenge', async () => {
    serveChallenges();
    await openChallenges();
    const top = within(screen.getByRole('region', { name: 'Top-Challenges' }));
    const items = top.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Nachrichten gesendet, Abschlüsse: 40',
      'Einwände gelöst, Abschlüsse: 14',
      'Abgeschlossene Chats, Abschlüsse: 9',
    ]);
    expect(screen.getAllByRole('group')).toHaveLength(9);
    expect(group('Hints genutzt').getByText('Abschlüsse: 7')).toBeInTheDocument();
    expect(group('Feedbackgeber').getByText('Abschlüsse: 0')).toBeInTheDocument();
    // staged challenges have no target field
    expect(group('Einwände gelöst').getByRole('checkbox', { name: /Gestuft/ })).toBeChecked();
    expect(group('Einwände gelöst').queryByRole('spinbutton', { name: 'Ziel' })).not.toBeInTheDocument();
    expect(group('Schnelle Antworten').getByRole('spinbutton', { name: 'Ziel' })).toHaveValue(10);
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('sends only the changed challenges and confirms the save', async () => {
    const { puts } = serveChallenges();
    const { user } = await openChallenges();
    const hints = group('Hints genutzt');

    const preview = screen
      .getByRole('group', { name: 'Hints genutzt' })
      .querySelector('.challenge-editor__preview')!;
    const before = preview.innerHTML;
    const title = hints.getByRole('textbox', { name: 'Name' });
    await user.clear(title);
    await user.type(title, 'Tipps genutzt');
    const icon = hints.getByRole('combobox', { name: 'Icon' });
    await user.clear(icon);
    await user.type(icon, 'trophy');
    expect(preview.innerHTML).not.toBe(before);
    const target = hints.getByRole('spinbutton', { name: 'Ziel' });
    await user.clear(target);
    await user.type(target, '12');
    const english = hints.getByRole('textbox', { name: 'Name (Englisch)' });
    expect(english).toHaveValue('Hints used');
    await user.clear(english);
    await user.type(english, 'Tips used');
    await user.type(hints.getByRole('textbox', { name: 'Beschreibung (Englisch)' }), 'Get tips.');

    expect(screen.getByText('Ungespeicherte Änderungen')).toBeInTheDocument();
    expect(hints.getByText('Geändert')).toBeInTheDocument();
    await user.click(saveButton());

    expect(await screen.findByText('Änderungen gespeichert.')).toBeInTheDocument();
    expect(saveButton()).toHaveFocus();
    expect(puts).toEqual([
      [
        {
          key: 'hints',
          title: 'Tipps genutzt',
          icon: 'trophy',
          description: 'Beschreibung von Hints genutzt',
          title_en: 'Tips used',
          description_en: 'Get tips.',
          target: 12,
        },
      ],
    ]);
    // the legend follows the saved name; nothing is dirty any more
    expect(screen.getByRole('group', { name: 'Tipps genutzt' })).toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it("switches between a fixed target and stages ('staged' = target 0)", async () => {
    const { puts } = serveChallenges();
    const { user } = await openChallenges();

    await user.click(group('Schnelle Antworten').getByRole('checkbox', { name: /Gestuft/ }));
    expect(group('Schnelle Antworten').queryByRole('spinbutton', { name: 'Ziel' })).not.toBeInTheDocument();

    // unticking a staged one needs a target first
    await user.click(group('Einwände gelöst').getByRole('checkbox', { name: /Gestuft/ }));
    const target = group('Einwände gelöst').getByRole('spinbutton', { name: 'Ziel' });
    expect(target).toHaveValue(null);
    await user.click(saveButton());
    expect(target).toHaveAccessibleDescription('Das Ziel muss eine ganze Zahl von 1 bis 100000 sein.');
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(target).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte korrigiere die markierten Felder.');
    expect(puts).toHaveLength(0);

    await user.type(target, '50');
    expect(target).not.toHaveAttribute('aria-invalid');
    await user.click(saveButton());
    await screen.findByText('Änderungen gespeichert.');
    expect(puts[0]).toEqual([
      expect.objectContaining({ key: 'objections_solved', target: 50 }),
      expect.objectContaining({ key: 'fast_answers', target: 0 }),
    ]);
    expect(group('Schnelle Antworten').getByRole('checkbox', { name: /Gestuft/ })).toBeChecked();
    expect(group('Einwände gelöst').getByRole('spinbutton', { name: 'Ziel' })).toHaveValue(50);
  });

  it('checks names and icons before sending', async () => {
    const { puts } = serveChallenges();
    const { user } = await openChallenges();
    const name = group('Telefonieren').getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, '   ');
    const icon = group('Telefonieren').getByRole('combobox', { name: 'Icon' });
    await user.clear(icon);
    await user.type(icon, 'Phone Icon');
    await user.click(saveButton());
    expect(name).toHaveAccessibleDescription('Name darf nicht leer sein.');
    expect(icon).toHaveAccessibleDescription(/Ungültiges Icon\./);
    expect(name).toHaveFocus();
    expect(puts).toHaveLength(0);
  });

  it("shows the server's field errors (challenges.{i}.field) at the right challenge", async () => {
    serveChallenges();
    server.use(
      http.put('/api/admin/challenges', () =>
        HttpResponse.json(
          {
            code: 'challenge_icon_invalid',
            error: 'Ungültiges Icon.',
            fields: {
              'challenges.1.icon': { code: 'challenge_icon_invalid', error: 'Ungültiges Icon.' },
              'challenges.1.title_en': {
                code: 'challenge_name_too_long',
                error: 'Der Name darf höchstens 60 Zeichen lang sein.',
                params: { max: 60 },
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openChallenges();
    await user.type(group('Einwände gelöst').getByRole('textbox', { name: 'Beschreibung' }), '!');
    const icon = group('Tägliche Nutzung').getByRole('combobox', { name: 'Icon' });
    await user.clear(icon);
    await user.type(icon, 'rakete');
    await user.click(saveButton());

    await waitFor(() => expect(icon).toHaveAttribute('aria-invalid', 'true'));
    expect(icon).toHaveAccessibleDescription(/Ungültiges Icon\./);
    expect(icon).toHaveFocus();
    expect(group('Einwände gelöst').getByRole('combobox', { name: 'Icon' })).not.toHaveAttribute('aria-invalid');
    // challenges.1.title_en lands on the English name of the second one sent
    expect(group('Tägliche Nutzung').getByRole('textbox', { name: 'Name (Englisch)' })).toHaveAccessibleDescription(
      /Der Name darf höchstens 60 Zeichen lang sein\./,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte korrigiere die markierten Felder.');
    // the edits stay
    expect(icon).toHaveValue('rakete');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeInTheDocument();
  });

  it('shows any other failure and discards edits on request', async () => {
    serveChallenges();
    server.use(
      http.put('/api/admin/challenges', () =>
        HttpResponse.json({ error: 'Challenge nicht gefunden.' }, { status: 404 }),
      ),
    );
    const { user } = await openChallenges();
    const name = group('Feedbackgeber').getByRole('textbox', { name: 'Name' });
    await user.type(name, ' Pro');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Challenge nicht gefunden.');

    await user.click(screen.getByRole('button', { name: 'Änderungen verwerfen' }));
    expect(name).toHaveValue('Feedbackgeber');
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
