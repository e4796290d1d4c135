import { act, queries, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayPalConfigResponse, SubscriptionResponse } from '../../../lib/api';
import { makeMe, USER_ID } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { rememberPlanChange } from '../../../lib/plan-change';

const SDK_URL = 'https://paypal.test/sdk/js';

const CONFIG: PayPalConfigResponse = {
  configured: true,
  clientId: 'client-123',
  sdkUrl: SDK_URL,
  plans: { plus: 'P-PLUS', elite: 'P-ELITE' },
  prices: { plus: 29, elite: 99 },
  currency: 'EUR',
};

const FREE: SubscriptionResponse = {
  tier: 'free',
  status: '',
  paypal_id: '',
  plan_id: '',
  cancel_at_period_end: false,
  cancel_at: null,
  cycle_start: null,
};

function sub(overrides: Partial<SubscriptionResponse>): SubscriptionResponse {
  return { ...FREE, status: 'active', cycle_start: '2026-11-24T10:00:00Z', ...overrides };
}

const PLUS = sub({ tier: 'plus', paypal_id: 'I-PLUS', plan_id: 'P-PLUS' });

/** A server whose GET /api/subscription answers what the last call made it. */
function payments(start: SubscriptionResponse = FREE, config: PayPalConfigResponse = CONFIG) {
  let current = start;
  const bodies: Record<string, unknown[]> = {};
  const record = async (name: string, request: Request) => {
    (bodies[name] ??= []).push(await request.json());
  };
  server.use(
    http.get('/api/paypal/config', () => HttpResponse.json(config)),
    http.get('/api/subscription', () => HttpResponse.json(current)),
  );
  return {
    bodies,
    set(next: SubscriptionResponse) {
      current = next;
    },
    record,
  };
}

const WAIVER =
  'Ich verlange ausdrücklich, dass mit der Leistung vor Ablauf der Widerrufsfrist begonnen wird, und mir ist bekannt, dass ich dadurch mein Widerrufsrecht verliere.';

/** Ticks the waiver of the right of withdrawal that a paid plan's start needs. */
async function waive(dialog: ReturnType<typeof within<typeof queries>>, user: { click: (el: Element) => Promise<void> }) {
  await user.click(await dialog.findByRole('checkbox', { name: WAIVER }));
}

async function openProfile(path = '/help') {
  const view = renderApp(path, { session: true });
  await view.user.click(await screen.findByRole('button', { name: /Profil öffnen/ }));
  const element = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
  return { ...view, element, dialog: within(element) };
}

interface PayPalButtonsOptions {
  createSubscription: (
    data: Record<string, unknown>,
    actions: { subscription: { create: (body: { plan_id: string; custom_id?: string }) => Promise<string> } },
  ) => Promise<string>;
  onApprove: (data: { subscriptionID: string; orderID: string }, actions: object) => Promise<void>;
  onError?: (err: unknown) => void;
}

/**
 * Stands in for PayPal's browser script, which jsdom does not load: once the
 * app's <script> is in the page, `window.paypal` speaks the SDK's Buttons
 * protocol (isEligible, render, close) and a click runs createSubscription
 * (actions.subscription.create answers `subscriptionID`) and onApprove, as
 * PayPal's buttons do after the buyer approved.
 */
async function loadPayPal(subscriptionID = 'I-NEW') {
  const created: { plan_id: string; custom_id?: string }[] = [];
  const script = await waitFor(() => {
    const found = document.head.querySelector<HTMLScriptElement>(`script[src^="${SDK_URL}?"]`);
    expect(found).not.toBeNull();
    return found!;
  });
  Object.assign(window, {
    paypal: {
      version: 'test',
      Buttons: (opts: PayPalButtonsOptions) => ({
        isEligible: () => true,
        close: () => Promise.resolve(),
        render: (el: HTMLElement) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'PayPal';
          button.addEventListener('click', () => {
            const actions = {
              subscription: {
                create: (body: { plan_id: string; custom_id?: string }) => {
                  created.push(body);
                  return Promise.resolve(subscriptionID);
                },
              },
            };
            opts
              .createSubscription({}, actions)
              .then((id) => opts.onApprove({ subscriptionID: id, orderID: id }, {}))
              .catch((err: unknown) => opts.onError?.(err));
          });
          el.appendChild(button);
          return Promise.resolve();
        },
      }),
    },
  });
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
  return { script, created };
}

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('script[data-js-sdk-library]').forEach((s) => s.remove());
  Reflect.deleteProperty(window, 'paypal');
});

describe('subscription in the profile', () => {
  it('says that payments are not configured without PayPal settings', async () => {
    const { dialog } = await openProfile();
    expect(
      await dialog.findByText('Zahlungen sind nicht eingerichtet: Upgrades sind derzeit nicht möglich.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Free')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Promo-Code')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Abo kündigen' })).not.toBeInTheDocument();
    expect(document.head.querySelector('script[data-js-sdk-library]')).toBeNull();
  });

  it("a Free user subscribes to Plus with PayPal's button: the script in subscription and vault mode, custom_id, confirm", async () => {
    const api = payments();
    server.use(
      http.post('/api/paypal/subscriptions/confirm', async ({ request }) => {
        await api.record('confirm', request);
        api.set(PLUS);
        return HttpResponse.json(PLUS);
      }),
    );
    const { dialog, user } = await openProfile();
    const plus = await dialog.findByRole('group', { name: 'Plus 29 € / Monat' });
    expect(within(plus).getByText('250 Chats pro Monat')).toBeInTheDocument();
    expect(dialog.getByRole('group', { name: 'Elite 99 € / Monat' })).toHaveTextContent('1000 Chats pro Monat');

    const { script, created } = await loadPayPal('I-NEW');
    const src = new URL(script.src);
    expect(`${src.origin}${src.pathname}`).toBe(SDK_URL);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      'client-id': 'client-123',
      intent: 'subscription',
      vault: 'true',
      components: 'buttons',
    });

    await waive(dialog, user);
    await user.click(await within(plus).findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('Danke! Dein Abo ist aktiv: Plus')).toBeInTheDocument();
    expect(created).toEqual([{ plan_id: 'P-PLUS', custom_id: USER_ID }]);
    expect(api.bodies.confirm).toEqual([{ subscriptionID: 'I-NEW', withdrawalWaiver: true }]);
    expect(dialog.getByText('aktiv')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Abo kündigen' })).toBeInTheDocument();
    expect(dialog.queryByRole('group', { name: 'Plus 29 € / Monat' })).not.toBeInTheDocument();
  });

  it('the plans start only after the waiver of the right of withdrawal is ticked (issue 25 point 15)', async () => {
    payments();
    const { dialog, user } = await openProfile();
    const plus = await dialog.findByRole('group', { name: 'Plus 29 € / Monat' });
    const elite = dialog.getByRole('group', { name: 'Elite 99 € / Monat' });
    const waiver = dialog.getByRole('checkbox', { name: WAIVER });
    expect(waiver).not.toBeChecked();
    expect(waiver).toHaveAttribute('aria-required', 'true');
    await loadPayPal();
    // Each plan's start button is disabled and says why.
    for (const offer of [plus, elite]) {
      const locked = within(offer).getByRole('button', { name: 'Mit PayPal abonnieren' });
      expect(locked).toBeDisabled();
      expect(locked).toHaveAccessibleDescription(
        'Bitte bestätige zuerst, dass die Leistung vor Ablauf der Widerrufsfrist beginnen soll.',
      );
      expect(within(offer).queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
    }

    await user.click(waiver);
    expect(await within(plus).findByRole('button', { name: 'PayPal' })).toBeEnabled();
    expect(await within(elite).findByRole('button', { name: 'PayPal' })).toBeEnabled();
    expect(dialog.queryByRole('button', { name: 'Mit PayPal abonnieren' })).not.toBeInTheDocument();
    expect(dialog.queryByText(/Bitte bestätige zuerst/)).not.toBeInTheDocument();

    // Untick: locked again.
    await user.click(waiver);
    expect(within(plus).getByRole('button', { name: 'Mit PayPal abonnieren' })).toBeDisabled();
  });

  it('the plan change waits for the waiver too; cancelling needs none', async () => {
    payments(PLUS);
    const { dialog, user } = await openProfile();
    const change = await dialog.findByRole('button', { name: 'Zu Elite wechseln (99 € / Monat)' });
    expect(change).toBeDisabled();
    expect(change).toHaveAccessibleDescription(
      'Bitte bestätige zuerst, dass die Leistung vor Ablauf der Widerrufsfrist beginnen soll.',
    );
    expect(dialog.getByRole('button', { name: 'Abo kündigen' })).toBeEnabled();
    await waive(dialog, user);
    expect(change).toBeEnabled();
    expect(change).not.toHaveAccessibleDescription();
  });

  it('asks for the waiver in English', async () => {
    payments();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    const view = renderApp('/help', { session: true });
    await view.user.click(await screen.findByRole('button', { name: /open profile/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit profile' }));
    const plus = await dialog.findByRole('group', { name: 'Plus €29 / month' });
    const waiver = dialog.getByRole('checkbox', {
      name: 'I expressly request that the service begins before the withdrawal period ends, and I understand that I thereby lose my right of withdrawal.',
    });
    const locked = within(plus).getByRole('button', { name: 'Subscribe with PayPal' });
    expect(locked).toBeDisabled();
    expect(locked).toHaveAccessibleDescription(
      'Please first confirm that the service is to begin before the withdrawal period ends.',
    );
    await loadPayPal();
    await view.user.click(waiver);
    expect(await within(plus).findByRole('button', { name: 'PayPal' })).toBeEnabled();
  });

  it("shows the server's reason when a confirmation is refused", async () => {
    payments();
    server.use(
      http.post('/api/paypal/subscriptions/confirm', () =>
        HttpResponse.json({ code: 'subscription_exists', error: 'Du hast bereits ein Abo.' }, { status: 409 }),
      ),
    );
    const { dialog, user } = await openProfile();
    const elite = await dialog.findByRole('group', { name: 'Elite 99 € / Monat' });
    await loadPayPal();
    await waive(dialog, user);
    await user.click(await within(elite).findByRole('button', { name: 'PayPal' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Du hast bereits ein Abo.');
  });

  it('a valid promo code unlocks the promo plan, whose button carries the code', async () => {
    const api = payments();
    server.use(
      http.post('/api/promo/validate', async ({ request }) => {
        await api.record('validate', request);
        return HttpResponse.json({ ok: true, valid: true, planId: 'P-PROMO' });
      }),
      http.post('/api/paypal/subscriptions/confirm', async ({ request }) => {
        await api.record('confirm', request);
        const promo = sub({ tier: 'elite', paypal_id: 'I-PROMO', plan_id: 'P-PROMO' });
        api.set(promo);
        return HttpResponse.json(promo);
      }),
    );
    const { dialog, user } = await openProfile();
    const field = await dialog.findByLabelText('Promo-Code');
    const check = dialog.getByRole('button', { name: 'Prüfen' });
    expect(check).toBeDisabled();
    await user.type(field, ' LAUNCH {Enter}');
    expect(await screen.findByText('Promo aktiviert: Elite\u2011Angebot verfügbar.')).toBeInTheDocument();
    expect(api.bodies.validate).toEqual([{ code: 'LAUNCH' }]);
    // Enter checked the code and did not submit (and close) the profile.
    expect(screen.getByRole('dialog', { name: 'Profil bearbeiten' })).toBeInTheDocument();

    const promo = await dialog.findByRole('group', { name: 'Elite\u2011Angebot' });
    const { created } = await loadPayPal('I-PROMO');
    await waive(dialog, user);
    await user.click(await within(promo).findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('Danke! Dein Abo ist aktiv: Elite')).toBeInTheDocument();
    expect(created).toEqual([{ plan_id: 'P-PROMO', custom_id: `${USER_ID}:LAUNCH` }]);
    expect(api.bodies.confirm).toEqual([{ subscriptionID: 'I-PROMO', promoCode: 'LAUNCH', withdrawalWaiver: true }]);
  });

  it('the promo offer shows its price and the promotion\'s description, and the toast shows inside the dialog (issue 25, point 12)', async () => {
    const api = payments();
    server.use(
      http.post('/api/promo/validate', async ({ request }) => {
        await api.record('validate', request);
        return HttpResponse.json({
          ok: true,
          valid: true,
          planId: 'P-PROMO',
          plan: 'promo',
          price: 79,
          currency: 'EUR',
          description: 'Herbstaktion: Elite zum Sonderpreis',
        });
      }),
    );
    const { dialog, user } = await openProfile();
    await user.type(await dialog.findByLabelText('Promo-Code'), 'HERBST{Enter}');
    // The toast is in the open modal dialog (the page behind it is inert), in its live region.
    const toast = await dialog.findByText('Promo aktiviert: Elite\u2011Angebot verfügbar.');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    const offer = await dialog.findByRole('group', { name: 'Elite\u2011Angebot 79 € / Monat' });
    expect(within(offer).getByText('Herbstaktion: Elite zum Sonderpreis')).toBeInTheDocument();
    expect(within(offer).getByText('1000 Chats pro Monat')).toBeInTheDocument();
  });

  it('a promo offer without a known price says no price, and a code for Elite puts its description on Elite', async () => {
    const api = payments();
    let answer: Record<string, unknown> = { ok: true, valid: true, planId: 'P-PROMO', plan: 'promo', description: 'Nur heute' };
    server.use(http.post('/api/promo/validate', () => HttpResponse.json(answer)));
    const { dialog, user } = await openProfile();
    const field = await dialog.findByLabelText('Promo-Code');
    await user.type(field, 'HEUTE{Enter}');
    const offer = await dialog.findByRole('group', { name: 'Elite\u2011Angebot' });
    expect(within(offer).getByText('Nur heute')).toBeInTheDocument();

    answer = { ok: true, valid: true, planId: 'P-ELITE', plan: 'elite', price: 99, description: 'Elite für Messebesucher' };
    await user.clear(field);
    await user.type(field, 'MESSE{Enter}');
    const elite = await dialog.findByRole('group', { name: 'Elite 99 € / Monat' });
    expect(await within(elite).findByText('Elite für Messebesucher')).toBeInTheDocument();
    expect(dialog.queryByRole('group', { name: /Angebot/ })).not.toBeInTheDocument();
    expect(api.bodies).toEqual({});
  });

  it.each([
    ['an unknown code', HttpResponse.json({ ok: true, valid: false, code: 'promo_code_invalid' }), 'Code ungültig.'],
    ['a used-up code', HttpResponse.json({ ok: true, valid: false, code: 'promo_code_used_up' }), 'Code ungültig.'],
    ['an answer without a plan id', HttpResponse.json({ ok: true, valid: true }), 'Code ungültig.'],
    ['a code for a plan not offered', HttpResponse.json({ ok: true, valid: false, code: 'promo_unavailable' }), 'Promo nicht verfügbar.'],
    [
      'payments switched off',
      HttpResponse.json({ code: 'promo_unavailable', error: 'Promo nicht verfügbar.' }, { status: 503 }),
      'Promo nicht verfügbar.',
    ],
    ['a server failure', HttpResponse.json({ code: 'internal', error: 'x' }, { status: 500 }), 'Fehler bei der Prüfung.'],
    ['no answer', HttpResponse.error(), 'Fehler bei der Prüfung.'],
  ])('the promo field explains %s', async (_name, answer, text) => {
    payments();
    server.use(http.post('/api/promo/validate', () => answer));
    const { dialog, user } = await openProfile();
    await user.type(await dialog.findByLabelText('Promo-Code'), 'NOPE');
    await user.click(dialog.getByRole('button', { name: 'Prüfen' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    expect(dialog.getByLabelText('Promo-Code')).toHaveAccessibleDescription(text);
    expect(dialog.queryByRole('group', { name: 'Elite\u2011Angebot' })).not.toBeInTheDocument();
  });

  it("'Abo kündigen' asks first, then cancels at the period's end with the toast 'Abo endet am {date}'; the undo follows", async () => {
    const api = payments(PLUS);
    const cancelAt = '2026-12-24T10:00:00Z';
    server.use(
      http.post('/api/paypal/subscriptions/cancel', async ({ request }) => {
        await api.record('cancel', request);
        const cancelled = { ...PLUS, cancel_at_period_end: true, cancel_at: cancelAt };
        api.set(cancelled);
        return HttpResponse.json(cancelled);
      }),
      http.post('/api/paypal/subscriptions/uncancel', async ({ request }) => {
        await api.record('uncancel', request);
        api.set(PLUS);
        return HttpResponse.json(PLUS);
      }),
    );
    const { dialog, user } = await openProfile();
    await user.click(await dialog.findByRole('button', { name: 'Abo kündigen' }));
    const ask = screen.getByRole('dialog', { name: 'Abo wirklich kündigen?' });
    expect(ask).toHaveTextContent('Du behältst Plus bis zum Ende des bezahlten Zeitraums');
    await user.click(within(ask).getByRole('button', { name: 'Abo behalten' }));
    expect(api.bodies.cancel).toBeUndefined();

    await user.click(dialog.getByRole('button', { name: 'Abo kündigen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Abo wirklich kündigen?' })).getByRole('button', { name: 'Abo kündigen' }));
    expect(await screen.findAllByText('Abo endet am 24.12.2026')).toHaveLength(2); // the toast and the line
    expect(api.bodies.cancel).toEqual([{ subscriptionID: 'I-PLUS', reason: expect.any(String) as string }]);
    expect(dialog.getByText('aktiv')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /wechseln/ })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Kündigung zurücknehmen' }));
    expect(await screen.findByText('Kündigung zurückgenommen')).toBeInTheDocument();
    expect(api.bodies.uncancel).toEqual([{ subscriptionID: 'I-PLUS' }]);
    expect(await dialog.findByRole('button', { name: 'Abo kündigen' })).toBeInTheDocument();
    // The line is gone (the toast, which now shows inside the dialog, may still be up).
    expect(dialog.queryAllByText('Abo endet am 24.12.2026').filter((el) => !el.closest('.notice'))).toHaveLength(0);
  });

  it.each([
    [
      'PayPal down',
      HttpResponse.json(
        { code: 'subscription_cancel_retry', error: 'Abo-Kündigung fehlgeschlagen. Bitte später erneut versuchen.' },
        { status: 503 },
      ),
      'Abo-Kündigung fehlgeschlagen. Bitte später erneut versuchen.',
    ],
    ['no answer', HttpResponse.error(), 'Abo-Kündigung fehlgeschlagen. Bitte später erneut versuchen.'],
    [
      'refused',
      HttpResponse.json({ code: 'subscription_cancel_failed', error: 'Abo-Kündigung fehlgeschlagen.' }, { status: 409 }),
      'Abo-Kündigung fehlgeschlagen.',
    ],
    [
      'unknown',
      HttpResponse.json({ code: 'subscription_not_found', error: 'Kein Abo gefunden.' }, { status: 404 }),
      'Abo-Kündigung fehlgeschlagen.Kein Abo gefunden.',
    ],
  ])('a failed cancellation (%s) shows the alert of the catalogue', async (_name, answer, text) => {
    payments(PLUS);
    server.use(http.post('/api/paypal/subscriptions/cancel', () => answer));
    const { dialog, user } = await openProfile();
    await user.click(await dialog.findByRole('button', { name: 'Abo kündigen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Abo wirklich kündigen?' })).getByRole('button', { name: 'Abo kündigen' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    expect(dialog.getByRole('button', { name: 'Abo kündigen' })).toBeEnabled();
  });

  it("a failed undo says 'Kündigung konnte nicht zurückgenommen werden.'", async () => {
    payments({ ...PLUS, cancel_at_period_end: true, cancel_at: '2026-12-24T10:00:00Z' });
    server.use(
      http.post('/api/paypal/subscriptions/uncancel', () =>
        HttpResponse.json(
          { code: 'subscription_uncancel_failed', error: 'Kündigung konnte nicht zurückgenommen werden.' },
          { status: 409 },
        ),
      ),
    );
    const { dialog, user } = await openProfile();
    await user.click(await dialog.findByRole('button', { name: 'Kündigung zurücknehmen' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Kündigung konnte nicht zurückgenommen werden.');
  });

  it("an active Elite user can change to Plus; a failed change says 'Plan-Wechsel fehlgeschlagen'", async () => {
    const api = payments(sub({ tier: 'elite', paypal_id: 'I-ELITE', plan_id: 'P-ELITE' }));
    server.use(
      http.post('/api/paypal/subscriptions/revise', async ({ request }) => {
        await api.record('revise', request);
        return HttpResponse.json({ code: 'subscription_revise_failed', error: 'Plan-Wechsel fehlgeschlagen' }, { status: 503 });
      }),
    );
    const { dialog, user } = await openProfile();
    await waive(dialog, user);
    await user.click(await dialog.findByRole('button', { name: 'Zu Plus wechseln (29 € / Monat)' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Plan-Wechsel fehlgeschlagen');
    expect(api.bodies.revise).toEqual([{ subscriptionID: 'I-ELITE', planId: 'P-PLUS', withdrawalWaiver: true }]);
    expect(dialog.getByText('Elite')).toBeInTheDocument();
  });

  it('back from PayPal (?paypal=revised) the profile opens and shows the new plan once PayPal reports it', async () => {
    const api = payments(PLUS);
    rememberPlanChange('I-PLUS', 'elite');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/dashboard?paypal=revised&subscription_id=I-PLUS&ba_token=BA-1', { session: true });
    const element = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    const dialog = within(element);
    expect(
      await dialog.findByText(
        'Du hast den Wechsel zu Elite bei PayPal bestätigt. Dein neuer Plan erscheint hier, sobald PayPal ihn meldet.',
      ),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(window.location.search).toBe('');
    expect(dialog.getByText('Plus')).toBeInTheDocument();

    // PayPal reports the change; the profile asks again and notices.
    api.set(sub({ tier: 'elite', paypal_id: 'I-PLUS', plan_id: 'P-ELITE' }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Plan gewechselt: Elite')).toBeInTheDocument();
    expect(dialog.getByText('Elite')).toBeInTheDocument();
    expect(dialog.queryByText(/Dein neuer Plan erscheint hier/)).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    payments();
    const patches: unknown[] = [];
    server.use(
      http.patch('/api/me', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(makeMe({ user: { language: 'en' } }));
      }),
    );
    const view = renderApp('/help', { session: true });
    await view.user.click(await screen.findByRole('button', { name: /Profil öffnen/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Profil bearbeiten' }));
    await view.user.selectOptions(await dialog.findByLabelText('Sprache'), 'Englisch');
    const english = within(await screen.findByRole('dialog', { name: 'Edit profile' }));
    expect(await english.findByRole('group', { name: 'Plus €29 / month' })).toHaveTextContent('250 chats a month');
    expect(english.getByRole('group', { name: 'Elite €99 / month' })).toBeInTheDocument();
    expect(english.getByLabelText('Promo code')).toBeInTheDocument();
    await waitFor(() => expect(patches).toEqual([{ language: 'en' }]), { timeout: 3000 });
  });
});
