import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PASSWORD, apiToken } from './chat-support';
import { appURL, baseURL, createConfirmedUser, expect, signIn, test, uniqueEmail } from './support';

/**
 * The team plan's seats end to end (issue 27 point 6): the real binary with
 * PAYPAL_PLAN_TEAM, and cmd/paypalfake, which creates the subscription with
 * its quantity, shows its approval page and sends the activation webhook.
 */

async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`${baseURL()}${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(appURL('/login'));
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(appURL('/dashboard'));
  return page;
}

test('the owner buys 3 seats, assigns one to a member, and the member trains on Plus', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const owner = uniqueEmail('seat-owner');
  const member = uniqueEmail('seat-member');
  await createConfirmedUser(request, owner, PASSWORD);
  await createConfirmedUser(request, member, PASSWORD);
  const ownerToken = await apiToken(request, owner);
  const memberToken = await apiToken(request, member);
  await api(request, ownerToken, 'POST', '/api/teams', { name: 'Vertrieb Nord' });
  const { joinUrl } = await api(request, ownerToken, 'GET', '/api/team');
  const token = new URL(String(joinUrl)).searchParams.get('token');
  await api(request, memberToken, 'POST', '/api/team/join', { token });

  await page.goto(appURL('/login'));
  await signIn(page, owner, PASSWORD);
  await expect(page).toHaveURL(appURL('/dashboard'));
  await page.goto(appURL('/team/seats'));
  await expect(page.getByRole('heading', { name: 'Plätze', level: 1 })).toBeVisible();
  await expect(page.getByText('Dein Team hat noch keine Plätze.')).toBeVisible();

  // 3 seats: PayPal's approval page, then back on the seat page.
  await page.getByLabel('Anzahl der Plätze').fill('3');
  await expect(page.getByText('75 € / Monat')).toBeVisible();
  await page.getByRole('button', { name: 'Plätze kaufen' }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_PAYPAL_URL ?? ''}/checkoutnow\\?subscription_id=`));
  await expect(page.getByText(/Anzahl 3/)).toBeVisible();
  await page.getByRole('button', { name: 'Zustimmen und abonnieren' }).click();
  await expect(page).toHaveURL(appURL('/team/seats'));
  await expect(page.getByText('0 von 3 Plätzen vergeben · aktiv')).toBeVisible();

  // A seat for the member.
  const row = page.getByRole('row', { name: new RegExp(member.replace(/[.+]/g, '\\$&')) });
  await row.getByRole('button', { name: /^Platz zuweisen: / }).click();
  await expect(row.getByRole('button', { name: /^Platz entziehen: / })).toBeVisible();
  await expect(page.getByText('1 von 3 Plätzen vergeben · aktiv')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The member's quota is Plus: 250 chats, through the team's seat.
  const memberPage = await signedIn(browser, member);
  await memberPage.getByRole('button', { name: /Profil öffnen/ }).click();
  const dialog = memberPage.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog.getByRole('progressbar', { name: 'Chats in diesem Zeitraum' })).toHaveAttribute('aria-valuetext', '0 / 250');
  await expect(dialog.getByText('Plus über einen Platz im Team-Abo deines Teams')).toBeVisible();
  await memberPage.context().close();

  // A member of the team may not manage the seats.
  const usage = await api(request, memberToken, 'GET', '/api/me/usage');
  expect(usage).toMatchObject({ quota: 250, plan: 'plus', seat: true });
  const refused = await request.get(`${baseURL()}/api/team/seats`, { headers: { Authorization: `Bearer ${memberToken}` } });
  expect(refused.status()).toBe(403);
});
