import type { Page } from '@playwright/test';
import { PASSWORD, apiToken, expectCustomerReplies, input, startPractice } from './chat-support';
import {
  appURL,
  baseURL,
  createConfirmedUser,
  expect,
  expectNoAxeViolations,
  mailLink,
  prepareProfile,
  signInAs,
  test,
  uniqueEmail,
} from './support';

/**
 * First impressions (issue 25): an English visitor gets an English
 * customer, an admin can train, an exam has a verdict.
 */

test('an English visitor signs up on the English login page and meets an English customer', async ({ page, request }) => {
  const email = uniqueEmail('english-signup');
  await page.goto(appURL('/login'));
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.getByRole('button', { name: 'Sign up now' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText(/Registration successful/)).toBeVisible();

  // Confirm through the mailed link; the product description and the
  // tutorial are set through the API, so neither gets in the way.
  const token = new URL(await mailLink(email, 'confirm')).searchParams.get('confirm');
  expect((await request.post(`${baseURL()}/api/auth/confirm`, { data: { token } })).ok()).toBe(true);
  const login = await request.post(`${baseURL()}/api/auth/login`, { data: { email, password: PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  await prepareProfile(request, access_token);

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(appURL('/dashboard'));
  await page.goto(appURL('/chat'));
  await expect(page.getByRole('heading', { name: 'Ready for the next level?' })).toBeVisible();
  await page.getByRole('button', { name: /^Practice/ }).click();
  await page.getByRole('button', { name: /^Easy/ }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const message = page.getByRole('textbox', { name: 'Your message' });
  await expect(message).toBeEnabled();
  await message.fill('Hello! I am Alex from CloudCRM and would like to show you our offer.');
  await message.press('Enter');
  const log = page.getByRole('list', { name: 'Conversation' });
  const customer = log.locator('.message--bot:not(.message--typing)');
  await expect(customer).toHaveCount(1);
  // The built-in trainer's English customer greets in English (German: 'Hallo.').
  await expect(customer.first()).toContainText(/\b(Hello|Hi)\. /);
  await expect(customer.first()).not.toContainText(/\b(Hallo|Danke|dein|Ihr)\b/);

  // The profile says so: English, not 'Standard (de)'.
  const me = await request.get(`${baseURL()}/api/me`, { headers: { Authorization: `Bearer ${access_token}` } });
  expect(((await me.json()) as { user: { language: string } }).user.language).toBe('en');
});

/** Signs an admin (one of ADMIN_EMAILS) up once and in; lands on the overview. */
async function signedInAdmin(page: Page, request: Parameters<typeof createConfirmedUser>[0], email: string) {
  await createConfirmedUser(request, email, PASSWORD);
  await signInAs(page, email, '/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
}

test('an admin goes to the training app, chats, opens the profile and the dashboard, and comes back', async ({
  page,
  request,
}) => {
  await signedInAdmin(page, request, 'admin-training@example.com');
  await page.getByRole('link', { name: 'Zur Trainings-App' }).click();
  await expect(page).toHaveURL(appURL('/chat'));
  await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
  await startPractice(page, 'Leicht', 'Guten Tag! Ich bin Alex von CloudCRM und möchte Ihnen kurz unser Angebot vorstellen.');

  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  const profile = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(profile).toBeVisible();
  await profile.getByRole('button', { name: 'Schließen' }).first().click();
  await expect(profile).toBeHidden();

  await expectNoAxeViolations(page, 'the training app of an admin');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(appURL('/dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // A reload stays in the training app.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(appURL('/dashboard'));

  await page.getByRole('link', { name: 'Zum Admin-Bereich' }).click();
  await expect(page).toHaveURL(appURL('/admin-dashboard'));
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
});

/** Runs an exam with one answer and ends it through the confirmation; returns the evaluation region. */
async function exam(page: Page) {
  await page.getByRole('button', { name: /^Prüfung/ }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await input(page).fill('Guten Tag! Ich bin Alex von CloudCRM und möchte Ihnen kurz unser Angebot vorstellen.');
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
  await input(page).fill('Das verstehe ich gut. Was genau bereitet Ihnen Sorgen?');
  await input(page).press('Enter');
  await expectCustomerReplies(page, 2);
  await page.getByRole('button', { name: 'Prüfung beenden' }).click();
  const confirm = page.getByRole('dialog', { name: 'Prüfung wirklich beenden?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, "the 'Prüfung beenden' confirmation");
  await confirm.getByRole('button', { name: 'Prüfung beenden' }).click();
  const evaluation = page.getByRole('region', { name: 'Auswertung' });
  await expect(evaluation.getByRole('list', { name: 'Bewertung nach Kategorien' }).getByRole('listitem')).toHaveCount(6);
  await expect(evaluation.getByText(/^(Bestanden|Nicht bestanden)$/)).toBeVisible();
  await expectNoAxeViolations(page, "an exam's evaluation with its verdict");
  return evaluation;
}

test('the exam has a verdict by the pass mark of the back-office and shows the previous attempt', async ({
  page,
  request,
}) => {
  // Two exams with the built-in trainer, on a two-core machine.
  test.slow();
  await signedInAdmin(page, request, 'admin-exam@example.com');
  try {
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await page.getByLabel('Bestehensgrenze (%)').fill('100');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bestehensgrenze auf 100 % gesetzt.')).toBeVisible();
    await page.getByRole('link', { name: 'Zur Trainings-App' }).click();
    await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();

    const first = await exam(page);
    await expect(first.getByText('Nicht bestanden')).toBeVisible();
    await expect(first.getByText('Bestehensgrenze: 100 %')).toBeVisible();
    await expect(first.getByText(/Letzter Versuch/)).toHaveCount(0);
    const total = /Gesamt: (\d+) %/.exec((await first.locator('.evaluation__total').textContent()) ?? '')?.[1];
    expect(total).toBeDefined();

    await page.getByRole('button', { name: 'Neuer Chat' }).last().click();
    await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
    const second = await exam(page);
    await expect(second.getByText(`Letzter Versuch: ${total} %`)).toBeVisible();
  } finally {
    // Back to the default for the other tests (chat.spec.ts's exam reads any verdict).
    const token = await apiToken(request, 'admin-exam@example.com');
    const res = await request.patch(`${baseURL()}/api/admin/settings`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { examPassMark: 70 },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
});
