import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../lib/api';
import { makeConversation, makeMe } from '../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../testing/render';
import { server } from '../../testing/server';
import { deHover, hoursAgo, minutesAgo } from '../../testing/time';

const A = makeConversation({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Preisgespräch',
  created_at: minutesAgo(20),
});
const B = makeConversation({
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Prüfung Müller',
  mode: 'Prüfung',
  difficulty: null,
  created_at: hoursAgo(2),
});

function historyApi(initial: Conversation[]) {
  let list = [...initial];
  const calls: string[] = [];
  server.use(
    http.get('/api/conversations', () => HttpResponse.json(list)),
    http.patch('/api/conversations/:id', async ({ params, request }) => {
      const { title } = (await request.json()) as { title: string };
      calls.push(`rename ${String(params.id)} ${title}`);
      list = list.map((c) => (c.id === params.id ? { ...c, title } : c));
      return HttpResponse.json({ id: params.id, title });
    }),
    http.delete('/api/conversations/:id', ({ params }) => {
      calls.push(`delete ${String(params.id)}`);
      list = list.filter((c) => c.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function openHistory() {
  const view = renderApp('/dashboard', { session: true });
  const history = within(await screen.findByRole('region', { name: 'Verlauf' }));
  await history.findByRole('button', { name: /^Preisgespräch/ });
  return { ...view, history };
}

describe('sidebar history', () => {
  it('lists conversations with their mode and age (exact time on hover); a click opens /chat with the conversation id', async () => {
    historyApi([A, B]);
    const { user, history } = await openHistory();
    expect(history.getByRole('button', { name: /^Preisgespräch/ })).toHaveTextContent('Übung · Leicht · vor 20 Minuten');
    expect(history.getByRole('button', { name: /^Prüfung Müller/ })).toHaveTextContent('Prüfung · vor 2 Stunden');
    expect(history.getByText('vor 20 Minuten')).toHaveAttribute('title', deHover(A.created_at));
    expect(history.getByText('vor 20 Minuten')).toHaveAttribute('datetime', A.created_at);
    server.use(http.get(`/api/conversations/${B.id}`, () => HttpResponse.json({ error: 'x' }, { status: 404 })));
    await user.click(history.getByRole('button', { name: /^Prüfung Müller/ }));
    await waitFor(() => expect(currentPath()).toBe('/chat'));
    expect(window.history.state).toEqual({ conversationId: B.id });
  });

  it('renames inline: empty titles are refused, Enter saves, Escape cancels', async () => {
    const calls = historyApi([A, B]);
    const { user, history } = await openHistory();
    const menu = history.getByRole('button', { name: 'Optionen für „Preisgespräch“' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(history.getByRole('menuitem', { name: 'Umbenennen' }));
    const field = history.getByRole('textbox', { name: 'Neuer Titel' });
    expect(field).toHaveValue('Preisgespräch');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(history.getByRole('alert')).toHaveTextContent('Titel darf nicht leer sein');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await user.keyboard('{Escape}');
    expect(history.queryByRole('textbox')).not.toBeInTheDocument();
    expect(history.getByRole('button', { name: /^Preisgespräch/ })).toBeInTheDocument();

    await user.click(history.getByRole('button', { name: 'Optionen für „Preisgespräch“' }));
    await user.click(history.getByRole('menuitem', { name: 'Umbenennen' }));
    const again = history.getByRole('textbox', { name: 'Neuer Titel' });
    await user.clear(again);
    await user.type(again, '  Preisverhandlung Meier  {Enter}');
    expect(await history.findByRole('button', { name: /^Preisverhandlung Meier/ })).toBeInTheDocument();
    expect(calls).toEqual([`rename ${A.id} Preisverhandlung Meier`]);
  });

  it('deletes after the confirmation; Abbrechen keeps it', async () => {
    const calls = historyApi([A, B]);
    const { user, history } = await openHistory();
    await user.click(history.getByRole('button', { name: 'Optionen für „Prüfung Müller“' }));
    await user.click(history.getByRole('menuitem', { name: 'Löschen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Konversation wirklich löschen?' });
    expect(dialog).toHaveAccessibleDescription('Dieser Vorgang kann nicht rückgängig gemacht werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(history.getByRole('button', { name: 'Optionen für „Prüfung Müller“' }));
    await user.click(history.getByRole('menuitem', { name: 'Löschen' }));
    dialog = await screen.findByRole('dialog', { name: 'Konversation wirklich löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([`delete ${B.id}`]);
    await waitFor(() => expect(history.queryByRole('button', { name: /^Prüfung Müller/ })).not.toBeInTheDocument());
    expect(history.getByRole('button', { name: /^Preisgespräch/ })).toBeInTheDocument();
  });

  it('the menu closes on Escape and on a click elsewhere, and works from the keyboard', async () => {
    historyApi([A]);
    const { user, history } = await openHistory();
    const menu = history.getByRole('button', { name: 'Optionen für „Preisgespräch“' });
    await user.click(menu);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const options = history.getByRole('menu', { name: 'Optionen für „Preisgespräch“' });
    expect(within(options).getByRole('menuitem', { name: 'Umbenennen' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(options).getByRole('menuitem', { name: 'Löschen' })).toHaveFocus();
    await user.keyboard('u');
    expect(within(options).getByRole('menuitem', { name: 'Umbenennen' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveFocus();
    await user.click(menu);
    await user.click(screen.getByRole('heading', { name: 'Dashboard', level: 1 }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when there is nothing yet', async () => {
    renderApp('/dashboard', { session: true });
    expect(await screen.findByText('Noch keine Konversationen.')).toBeInTheDocument();
  });
});

describe('sidebar', () => {
  it('remembers the collapsed state in localStorage', async () => {
    const { user } = renderApp('/dashboard', { session: true });
    await user.click(await screen.findByRole('button', { name: 'Seitenleiste einklappen' }));
    expect(window.localStorage.getItem('sc.sidebar.collapsed')).toBe('1');
    expect(screen.queryByRole('region', { name: 'Verlauf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seitenleiste ausklappen' }));
    expect(window.localStorage.getItem('sc.sidebar.collapsed')).toBe('0');
  });

  it('starts collapsed when it was collapsed before', async () => {
    window.localStorage.setItem('sc.sidebar.collapsed', '1');
    renderApp('/dashboard', { session: true });
    expect(await screen.findByRole('button', { name: 'Seitenleiste ausklappen' })).toBeInTheDocument();
    expect(document.getElementById('sidebar')).toHaveClass('sidebar--collapsed');
  });

  it("shows the level gauge 'Lv N' with the tooltip 'x / y XP'", async () => {
    server.use(
      http.get('/api/me', () =>
        HttpResponse.json({
          ...makeMe(),
          level: { level: 3, xp: 260, progress: 27, xpForNext: 144, xp_for_next_level: 144, xpInLevel: 40 },
        }),
      ),
    );
    renderApp('/dashboard', { session: true });
    const sidebar = within(await screen.findByRole('complementary'));
    const badge = await sidebar.findByRole('img', { name: 'Level 3, 27 % bis zum nächsten Level' });
    expect(badge).toHaveTextContent('Lv 3');
    expect(badge).toHaveAccessibleDescription('40 / 144 XP');
    expect(badge.querySelector('.ring__fill')).toHaveAttribute('stroke-dasharray', '27.1 100.5');
  });

  it('the profile block opens the profile dialog', async () => {
    const { user } = renderApp('/dashboard', { session: true });
    await user.click(await screen.findByRole('button', { name: /Anna Beispiel.*Profil öffnen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    expect(await within(dialog).findByLabelText('Anzeigename')).toHaveValue('Anna Beispiel');
    await user.click(within(dialog).getAllByRole('button', { name: 'Schließen' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the logo goes to /chat and clears the chat', async () => {
    const { user } = renderApp('/dashboard', { session: true });
    await user.click(await screen.findByRole('link', { name: 'Sales Coach – zum Chat' }));
    expect(await screen.findByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
  });
});
