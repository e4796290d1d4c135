import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../lib/auth';
import { PHONE_QUERY } from '../../lib/pointer';
import { makeAuthUser, makeConversation, makeDetail, makeMe, makeStoredSession } from '../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../testing/render';
import { server } from '../../testing/server';

async function openApp(path = '/dashboard') {
  const view = renderApp(path, { session: true });
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  return view;
}

describe('sidebar', () => {
  it('links the logo to /chat and has Dashboard, Hilfe and Feedback', async () => {
    await openApp();
    expect(screen.getByRole('link', { name: 'Sales Coach – zum Chat' })).toHaveAttribute('href', '/app/chat');
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Hilfe' })).toHaveAttribute('href', '/app/help');
    expect(within(nav).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/app/feedback');
  });

  it('collapses and expands with aria-expanded', async () => {
    const { user } = await openApp();
    const toggle = screen.getByRole('button', { name: 'Seitenleiste einklappen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    const expand = screen.getByRole('button', { name: 'Seitenleiste ausklappen' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('sidebar')).toHaveClass('sidebar--collapsed');
    // labels stay available to assistive technology
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("'Neuer Chat' opens Übung / Prüfung and goes to /chat with the mode", async () => {
    const { user } = await openApp();
    const toggle = screen.getByRole('button', { name: 'Neuer Chat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: /^Prüfung/ }));
    expect(await screen.findByRole('heading', { name: 'Chat', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
    expect(window.history.state).toEqual({ mode: 'Prüfung' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it("the 'Neuer Chat' menu closes on Escape and on an outside click", async () => {
    const { user } = await openApp();
    const toggle = screen.getByRole('button', { name: 'Neuer Chat' });
    await user.click(toggle);
    expect(screen.getByRole('menuitem', { name: /^Übung/ })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { name: 'Dashboard', level: 1 }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it("the 'Neuer Chat' menu works from the keyboard: arrows, Home/End, typeahead, Enter", async () => {
    const { user } = await openApp();
    const toggle = screen.getByRole('button', { name: 'Neuer Chat' });
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Neuer Chat' });
    const practice = within(menu).getByRole('menuitem', { name: /^Übung/ });
    const exam = within(menu).getByRole('menuitem', { name: /^Prüfung/ });
    expect(practice).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(exam).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(practice).toHaveFocus();
    await user.keyboard('{End}');
    expect(exam).toHaveFocus();
    await user.keyboard('{Home}');
    expect(practice).toHaveFocus();
    await user.keyboard('p');
    expect(exam).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Chat', level: 1 })).toBeInTheDocument();
    expect(window.history.state).toEqual({ mode: 'Prüfung' });
  });

  it("'Telefonieren' opens the chat and starts a call there, or says why it cannot", async () => {
    const { user } = await openApp();
    await user.click(screen.getByRole('button', { name: 'Telefonieren' }));
    await waitFor(() => expect(currentPath()).toBe('/chat'));
    // No chat is running yet: the reason instead of a call.
    const notices = within(await screen.findByRole('region', { name: 'Hinweise' }));
    expect(await notices.findByText(/Bitte wähle einen Modus aus|Bitte sichere Verbindung \(HTTPS\) nutzen/)).toBeInTheDocument();
  });

  it('shows the display name, falling back to the e-mail', async () => {
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { display_name: '' } }))));
    await openApp();
    expect(await screen.findByText('anna@example.com')).toBeInTheDocument();
  });

  it('signs out to /login', async () => {
    let loggedOut = false;
    server.use(
      http.post('/api/auth/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openApp();
    expect(screen.getByText('Anna Beispiel')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(loggedOut).toBe(true);
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('guest banner', () => {
  const guest = () => {
    server.use(
      http.get('/api/me', () => HttpResponse.json(makeMe({ user: { email: '', display_name: '', is_anonymous: true } }))),
    );
    return makeStoredSession({ user: makeAuthUser({ email: '', is_anonymous: true }) });
  };

  it('is not shown to a regular user', async () => {
    await openApp();
    expect(screen.queryByText('Du nutzt Sales Coach als Gast.')).not.toBeInTheDocument();
  });

  it('lets a guest add e-mail and password', async () => {
    let body: unknown;
    let auth: string | null = null;
    server.use(
      http.post('/api/auth/upgrade', async ({ request }) => {
        body = await request.json();
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/dashboard', { session: guest() });
    expect(await screen.findByText('Du nutzt Sales Coach als Gast.')).toBeInTheDocument();
    expect(screen.getByText('Gast')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gastkonto sichern' });
    // the form is a chunk of its own, loaded when the dialog opens
    await user.click(await within(dialog).findByRole('button', { name: 'Konto sichern' }));
    expect(await within(dialog).findByText('Bitte gib deine E-Mail-Adresse ein.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'gast@example.com');
    await user.type(within(dialog).getByLabelText('Passwort'), 'geheim1234');
    await user.type(within(dialog).getByLabelText('Passwort bestätigen'), 'geheim1234');
    await user.click(within(dialog).getByRole('button', { name: 'Konto sichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({ email: 'gast@example.com', password: 'geheim1234' });
    expect(auth).toBe('Bearer access-1');
    expect(
      screen.getAllByText(
        'Fast geschafft! Bitte bestätige deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
      ).length,
    ).toBeGreaterThan(0);
  });

  it('the dialog closes with its close button', async () => {
    const { user } = renderApp('/dashboard', { session: guest() });
    await user.click(await screen.findByRole('button', { name: 'Konto anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gastkonto sichern' });
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('on a phone', () => {
  const A = makeConversation({ id: '11111111-1111-4111-8111-111111111111', title: 'Preisgespräch' });

  /** A phone's screen: PHONE_QUERY matches (and the old narrow-screen query, which must not matter). */
  function phone() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY || query === '(max-width: 48rem)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    server.use(
      http.get('/api/conversations', () => HttpResponse.json([A])),
      http.get(`/api/conversations/${A.id}`, () => HttpResponse.json(makeDetail({ conversation: A }))),
    );
  }

  async function openOnPhone() {
    phone();
    const view = await openApp();
    const sidebar = document.getElementById('sidebar') as HTMLElement;
    return { ...view, sidebar, menu: screen.getByRole('button', { name: 'Menü' }) };
  }

  it('has a top bar whose menu button opens the sidebar as a drawer, not a rail', async () => {
    const { user, sidebar, menu } = await openOnPhone();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', 'sidebar');
    expect(sidebar).toHaveClass('sidebar--drawer');
    expect(sidebar).not.toHaveClass('sidebar--open');
    // no rail to collapse on a phone
    expect(screen.queryByRole('button', { name: 'Seitenleiste ausklappen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Seitenleiste einklappen' })).not.toBeInTheDocument();

    await user.click(menu);
    expect(sidebar).toHaveClass('sidebar--open');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar).getByRole('button', { name: 'Menü schließen' })).toHaveFocus();
    // the drawer is modal: the content behind it is inert
    expect(document.querySelector('.app-shell__content')).toHaveAttribute('inert');
  });

  it('closes when a chat is chosen, and the focus moves into the chat', async () => {
    const { user, sidebar, menu } = await openOnPhone();
    await user.click(menu);
    await user.click(await within(sidebar).findByRole('button', { name: /^Preisgespräch/ }));
    await waitFor(() => expect(currentPath()).toBe('/chat'));
    expect(window.history.state).toEqual({ conversationId: A.id });
    expect(sidebar).not.toHaveClass('sidebar--open');
    expect(document.querySelector('.app-shell__content')).not.toHaveAttribute('inert');
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });

  it('closes when a page is chosen', async () => {
    const { user, sidebar, menu } = await openOnPhone();
    await user.click(menu);
    await user.click(within(sidebar).getByRole('link', { name: 'Hilfe' }));
    await waitFor(() => expect(currentPath()).toBe('/help'));
    expect(sidebar).not.toHaveClass('sidebar--open');
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });

  it('closes on Escape, with its close button and on a tap beside it; the menu button gets the focus back', async () => {
    const { user, sidebar, menu } = await openOnPhone();
    await user.click(menu);
    // Escape in the 'Neuer Chat' menu closes that menu only
    const newChat = within(sidebar).getByRole('button', { name: 'Neuer Chat' });
    await user.click(newChat);
    expect(newChat).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(newChat).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).toHaveClass('sidebar--open');
    await user.keyboard('{Escape}');
    expect(sidebar).not.toHaveClass('sidebar--open');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(within(sidebar).getByRole('button', { name: 'Menü schließen' }));
    expect(sidebar).not.toHaveClass('sidebar--open');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(document.querySelector('.app-shell__backdrop') as HTMLElement);
    expect(sidebar).not.toHaveClass('sidebar--open');
    expect(menu).toHaveFocus();
  });
});
