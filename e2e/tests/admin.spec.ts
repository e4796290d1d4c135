import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PASSWORD, apiToken, startChatByApi } from './chat-support';
import {
  appURL,
  baseURL,
  createConfirmedUser,
  expect,
  mailLink,
  otherPerson,
  signedInPage,
  signIn,
  signInAs,
  test,
  uniqueEmail,
} from './support';

/**
 * The back-office on real data. Each test has its own admin (all listed in
 * ADMIN_EMAILS by global-setup), because the tests run in parallel against
 * one server.
 */

/** Signs the admin up (first use) and in, in a context of its own; lands on the overview. */
async function adminPage(browser: Browser, request: APIRequestContext, email: string): Promise<Page> {
  await createConfirmedUser(request, email, PASSWORD, { profile: 'new' });
  return signedInPage(browser, email, '/admin-dashboard');
}

test('feedback: a user sends it, an admin sets "In Bearbeitung", the user sees the new label', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('feedback');
  await createConfirmedUser(request, email, PASSWORD);
  await signInAs(page, email);
  await page.goto(appURL('/feedback'));

  const subject = `Mikrofon ${Date.now().toString(36)}`;
  await page.getByRole('radio', { name: /Fehler/ }).check();
  await page.getByLabel('Betreff').fill(subject);
  // an empty message is refused with the spec's text
  await page.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(page.getByText('Nachricht darf nicht leer sein')).toBeVisible();
  await page.getByLabel('Nachricht').fill('Im Sprachmodus bricht die Aufnahme nach zwei Sekunden ab.');
  await page.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(page.getByText('Danke für dein Feedback!')).toBeVisible();
  await expect(page.getByLabel('Betreff')).toHaveValue('');
  await expect(page.getByLabel('Nachricht')).toHaveValue('');
  const own = page.getByRole('listitem').filter({ hasText: subject });
  await expect(own).toContainText('Erhalten');

  const admin = await adminPage(browser, request, 'admin-feedback@example.com');
  await admin.goto(appURL('/admin-feedback'));
  const row = admin.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Im Sprachmodus bricht die Aufnahme');
  await row.getByRole('combobox').selectOption({ label: 'In Bearbeitung' });
  await expect(admin.getByText('Status gespeichert.')).toBeVisible();
  await admin.context().close();

  // the user's open page follows the change live, without a reload
  await expect(own).toContainText('In Bearbeitung');
  await expect(own).not.toContainText('Erhalten');
});

test('users: an admin creates a user, the invitation link sets a password, the user signs in', async ({
  request,
  browser,
}) => {
  const admin = await adminPage(browser, request, 'admin-users@example.com');
  await admin.goto(appURL('/users'));
  const email = uniqueEmail('eingeladen');
  const form = admin.getByRole('region', { name: 'Benutzer anlegen' });
  // all three fields are required
  await form.getByRole('button', { name: 'Benutzer anlegen' }).click();
  await expect(form.getByText('Vorname ist erforderlich.')).toBeVisible();
  await form.getByLabel('Vorname').fill('Erika');
  await form.getByLabel('Nachname').fill('Mustermann');
  await form.getByLabel('E-Mail').fill(email);
  await form.getByRole('button', { name: 'Benutzer anlegen' }).click();
  await expect(admin.getByText(`Benutzer angelegt. Eine Einladung wurde an ${email} gesendet.`)).toBeVisible();

  // the new account is in the list, found by the search
  await admin.getByRole('searchbox', { name: 'Benutzer suchen' }).fill(email);
  await expect(admin.getByRole('row').filter({ hasText: email })).toContainText('Erika Mustermann');
  await admin.context().close();

  const page = await otherPerson(browser);
  await page.goto(await mailLink(email, 'invite'));
  await expect(page.getByRole('heading', { name: 'Passwort festlegen' })).toBeVisible();
  const password = 'Eingeladen2025!';
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText(/Dein Passwort ist gespeichert und dein Konto aktiviert\./)).toBeVisible();
  await signIn(page, email, password);
  // signed in: the invited user still accepts the terms first
  await expect(page.getByRole('dialog')).toContainText('Nutzungsbedingungen');
  await page.context().close();
});

test('chat history: an admin finds a user\'s conversation and reads every message', async ({ request, browser }) => {
  const email = uniqueEmail('verlauf');
  await createConfirmedUser(request, email, PASSWORD);
  const token = await apiToken(request, email);
  const opening = `Guten Tag, ich stelle Ihnen CloudCRM vor (${Date.now().toString(36)}).`;
  const id = await startChatByApi(request, token, opening);

  const admin = await adminPage(browser, request, 'admin-chats@example.com');
  await admin.goto(appURL('/chat-history'));
  await expect(admin.getByText('Keine Konversation ausgewählt.')).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Konversationen suchen' }).fill(email);
  const entry = admin.getByRole('row').filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await entry.getByRole('link').click();
  await expect(admin).toHaveURL(appURL(`/chat-history?id=${id}`));
  await expect(admin.getByText(id, { exact: true })).toBeVisible();
  await expect(admin.getByText('Übung', { exact: true }).first()).toBeVisible();
  // the detail names the owner ('Benutzer'), as the list does
  await expect(admin.getByRole('definition').filter({ hasText: email })).toBeVisible();
  await expect(admin.getByText(`user: ${opening}`)).toBeVisible();
  // the AI customer's reply follows as an assistant message
  await expect(admin.getByText(/^assistant: .+/).first()).toBeVisible();
  await admin.context().close();
});

test('analytics: visits made via Instagram links earlier in the test show up', async ({ page, request, browser }) => {
  // a click path started on an Instagram link: landing page → 'Jetzt starten' → login
  await page.goto(`${baseURL()}/?utm_source=instagram`);
  const tracked = page.waitForResponse(
    (res) => res.url().endsWith('/api/track') && (res.request().postData() ?? '').includes('"/login"'),
  );
  await page.getByRole('link', { name: 'Jetzt starten' }).click();
  await expect(page).toHaveURL(/\/app\/login\?.*utm_source=instagram/);
  expect((await tracked).status()).toBe(204);
  await page.goto(`${baseURL()}/impressum?utm_source=instagram`);
  await expect(page.getByRole('heading', { name: 'Impressum' })).toBeVisible();

  const adminEmail = 'admin-analytics@example.com';
  const admin = await adminPage(browser, request, adminEmail);
  // the app reports its route a moment after it settles: wait for the count
  const token = await apiToken(request, adminEmail);
  await expect
    .poll(async () => {
      const res = await request.get(`${baseURL()}/api/admin/page-visits?src=instagram&days=7`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as Array<Record<string, number>>)[0];
    })
    .toEqual({ landing: 1, impressum: 1, registrierung: 1, chatbot: 0 });

  await admin.goto(appURL('/analytics'));
  const instagram = admin.getByRole('region', { name: 'Instagram' });
  const card = (name: string) => instagram.getByRole('listitem').filter({ hasText: name }).locator('.visit-card__value');
  await expect(card('Landingpage')).toHaveText('1');
  await expect(card('Impressum')).toHaveText('1');
  await expect(card('Registrierung')).toHaveText('1');
  await expect(card('Trainings-Chat')).toHaveText('0');
  // no other platform saw these visits
  await expect(
    admin.getByRole('region', { name: 'TikTok' }).getByRole('listitem').filter({ hasText: 'Landingpage' }).locator('.visit-card__value'),
  ).toHaveText('0');
  // visitors by source: the three Instagram visits of this test (no other test uses Instagram links)
  await expect(admin.locator('.bar-list__row[data-key="instagram"] .bar-list__value')).toHaveText('3');
  await admin.context().close();
});
