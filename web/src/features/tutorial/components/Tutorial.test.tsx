import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { MeUpdateRequest } from '../../../lib/api';
import { makeMe } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';

function newcomer(profile: { product_description?: string } = {}) {
  let me = makeMe({ profile: { has_seen_intro: false, ...profile } });
  const patches: MeUpdateRequest[] = [];
  server.use(
    http.get('/api/me', () => HttpResponse.json(me)),
    http.patch('/api/me', async ({ request }) => {
      const patch = (await request.json()) as MeUpdateRequest;
      patches.push(patch);
      me = {
        ...me,
        profile: {
          ...me.profile,
          ...(patch.has_seen_intro !== undefined ? { has_seen_intro: patch.has_seen_intro } : {}),
          ...(patch.product_description !== undefined ? { product_description: patch.product_description } : {}),
        },
      };
      return HttpResponse.json(me);
    }),
  );
  return patches;
}

const TITLES = ['Dein Level', 'Neuer Chat', 'Tipps per Glühbirne', 'Schwierigkeit', 'Hilfe & Anleitung', 'Feedback'];

const tour = (title: string) => screen.findByRole('dialog', { name: title });

describe('tutorial', () => {
  it('is not shown once has_seen_intro is true', async () => {
    renderApp('/help', { session: true });
    expect(await screen.findByRole('heading', { name: 'Hilfe & Anleitung', level: 1 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("gives way to another dialog ('Team gründen' with a typed name) and comes back when it closes", async () => {
    newcomer();
    renderApp('/help', { session: true });
    await tour('Dein Level');
    const other = document.createElement('dialog');
    other.setAttribute('open', '');
    document.body.append(other);
    try {
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dein Level' })).not.toBeInTheDocument());
      other.removeAttribute('open');
      expect(await tour('Dein Level')).toBeInTheDocument();
    } finally {
      other.remove();
    }
  });

  it('walks with → and ←, Zurück and Weiter; the primary button keeps the focus', async () => {
    newcomer();
    const { user } = renderApp('/help', { session: true });
    const first = await tour('Dein Level');
    expect(within(first).getByText('Schritt 1 von 6')).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription(/Level und deine XP/);
    const back = within(first).getByRole('button', { name: 'Zurück' });
    expect(back).toHaveAttribute('aria-disabled', 'true');
    expect(within(first).getByRole('button', { name: 'Weiter' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    const second = await tour('Neuer Chat');
    expect(within(second).getByText('Schritt 2 von 6')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await tour('Dein Level');
    await user.keyboard('{ArrowLeft}');
    await tour('Dein Level');

    for (const title of TITLES.slice(1)) {
      await user.keyboard('{ArrowRight}');
      await tour(title);
    }
    const last = await tour('Feedback');
    expect(within(last).getByText('Schritt 6 von 6')).toBeInTheDocument();
    expect(within(last).getByRole('button', { name: 'Fertig' })).toHaveFocus();
    // → on the last step does not finish
    await user.keyboard('{ArrowRight}');
    expect(await tour('Feedback')).toBeInTheDocument();
    await user.click(within(last).getByRole('button', { name: 'Zurück' }));
    await tour('Hilfe & Anleitung');
  });

  it('Escape closes without saving', async () => {
    const patches = newcomer();
    const { user } = renderApp('/help', { session: true });
    await tour('Dein Level');
    await user.keyboard('{ArrowRight}');
    await tour('Neuer Chat');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([]);
  });

  it("'Später' closes without saving and stays closed while navigating", async () => {
    const patches = newcomer();
    const { user } = renderApp('/help', { session: true });
    const first = await tour('Dein Level');
    await user.click(within(first).getByRole('button', { name: 'Später' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('link', { name: 'Feedback' }));
    expect(await screen.findByRole('heading', { name: 'Feedback', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it("'Fertig' saves has_seen_intro and goes to /chat", async () => {
    const patches = newcomer();
    const { user } = renderApp('/help', { session: true });
    await tour('Dein Level');
    for (const title of TITLES.slice(1)) {
      await user.click(screen.getByRole('button', { name: 'Weiter' }));
      await tour(title);
    }
    await user.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(await screen.findByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeInTheDocument();
    expect(currentPath()).toBe('/chat');
    expect(patches).toEqual([{ has_seen_intro: true }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits for the forced profile popup', async () => {
    newcomer({ product_description: '' });
    const { user } = renderApp('/help', { session: true });
    const profile = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    expect(screen.queryByRole('dialog', { name: 'Dein Level' })).not.toBeInTheDocument();
    await user.type(await within(profile).findByLabelText('Produktbeschreibung'), 'Cloud-Telefonanlage');
    await user.click(within(profile).getByRole('button', { name: 'Speichern' }));
    expect(await tour('Dein Level')).toBeInTheDocument();
  });

  it('names its keys on a screen with a keyboard, and leaves them out on a touch-only screen (German and English)', async () => {
    newcomer();
    const first = renderApp('/help', { session: true });
    expect(within(await tour('Dein Level')).getByText('Pfeil rechts: weiter, Pfeil links: zurück, Esc: schließen')).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(hover: none) and (pointer: coarse)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const second = renderApp('/help', { session: true });
    const dialog = await tour('Dein Level');
    expect(within(dialog).getByText('Schritt 1 von 6')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/Pfeil|Esc/);
    second.unmount();

    // English as the account's language too: the signed-in app follows the
    // profile's, which would switch a tour opened in the browser's English
    // back to German once /api/me arrives.
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' }, profile: { has_seen_intro: false } }))));
    window.localStorage.setItem('sc.lang', 'en');
    try {
      renderApp('/help', { session: true });
      const english = await screen.findByRole('dialog', { name: 'Your level' });
      expect(within(english).getByText('Step 1 of 6')).toBeInTheDocument();
      expect(english).not.toHaveTextContent(/arrow|Esc/);
    } finally {
      window.localStorage.removeItem('sc.lang');
    }
  });
});
