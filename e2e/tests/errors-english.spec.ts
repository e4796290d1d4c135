import { type Page } from '@playwright/test';
import { guestOnChat, startChatByApi } from './chat-support';
import { appURL, baseURL, createConfirmedUser, expect, patchMe, test, uniqueEmail } from './support';

/**
 * Server errors arrive as codes and show in the UI's language: the server
 * sends German defaults, the app translates the code. These flows run with the
 * UI switched to English and look for the English texts.
 */

const PASSWORD = 'Verkaufen2025!';

/** Makes the signed-out pages English (the language switch stores this choice). */
async function englishVisitor(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('sc.lang', 'en'));
}

test('sign-in: a wrong password reads in English', async ({ page, request }) => {
  const email = uniqueEmail('english-signin');
  await createConfirmedUser(request, email, PASSWORD);
  await englishVisitor(page);
  await page.goto(appURL('/login'));
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page.getByText('E-Mail oder Passwort ist falsch.')).toHaveCount(0);
});

test('sign-up: an address the server refuses is explained in English', async ({ page }) => {
  await englishVisitor(page);
  await page.goto(appURL('/login'));
  await page.getByRole('button', { name: 'Sign up now' }).click();
  // 65 characters before the @: the form accepts it, the server (RFC 5321) does not.
  await page.getByLabel('Email address').fill(`${'a'.repeat(65)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/signup') && r.status() === 400);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const body = (await (await refused).json()) as { code: string; error: string };
  expect(body).toMatchObject({ code: 'email_invalid', error: 'Bitte gib eine gültige E-Mail-Adresse ein.' });
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(/Please enter a valid email address\./);
  await expect(page.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toHaveCount(0);
});

test('chat: the monthly limit reads in English', async ({ page, request }) => {
  const token = await guestOnChat(page);
  await patchMe(request, token, { language: 'en' });
  for (let i = 1; i <= 5; i++) await startChatByApi(request, token, `Conversation number ${i}`);
  await page.reload();
  await page.getByRole('button', { name: /^Practice/ }).click();
  await page.getByRole('button', { name: /^Medium/ }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const box = page.getByRole('alert').filter({ hasText: 'Monthly limit reached' });
  await expect(box).toBeVisible();
  await expect(
    box.getByText('You have reached your monthly chat limit (5). Please upgrade your plan to start more chats.'),
  ).toBeVisible();
  await expect(box.getByRole('button', { name: 'Restart' })).toBeVisible();
});

test('feedback: a refused submission reads in English', async ({ page, request }) => {
  // Signed-out feedback is limited per address: use up the limit first.
  for (let i = 0; ; i++) {
    const res = await request.post(`${baseURL()}/api/feedback`, {
      data: { type: 'general', message: `e2e ${i}`, email: 'limit@example.com' },
    });
    if (res.status() === 429) break;
    expect(res.status(), await res.text()).toBe(201);
    expect(i).toBeLessThan(50);
  }
  await englishVisitor(page);
  await page.goto(appURL('/feedback'));
  await page.getByLabel('Message').fill('The English UI should explain the error.');
  await page.getByLabel('Email address').fill('english@example.com');
  await page.getByRole('button', { name: 'Send feedback', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts. Please wait a moment.' })).toBeVisible();
});
