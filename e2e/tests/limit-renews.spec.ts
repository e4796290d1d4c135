import type { APIRequestContext, Page } from '@playwright/test';
import { startSecondServer, type SecondServer } from '../servers/second-server';
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, PRODUCT, test } from './support';

// The monthly limit where no plan can be bought (issue 40): a server of its
// own without PayPal settings, so no plan is for sale. The limit then says,
// in the UI's language, when the quota renews instead of asking for an
// upgrade — both when the chat's start check refuses and when the server
// refuses the first message.

let server: SecondServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startSecondServer({});
});
test.afterAll(async () => {
  await server.stop();
});

const GERMAN_MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The free plan's quota renews on the first of the next UTC month. */
function renewal(): { month: number; year: number } {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { month: next.getUTCMonth(), year: next.getUTCFullYear() };
}

/** A guest of the second server with a product, signed in on its chat page; returns the access token. */
async function guestOnChat(page: Page, language: 'de' | 'en'): Promise<string> {
  const res = await page.request.post(`${server.baseURL}/api/auth/anonymous`);
  expect(res.ok(), await res.text()).toBe(true);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const headers = { Authorization: `Bearer ${token}` };
  const terms = await page.request.post(`${server.baseURL}/api/me/terms`, { headers, data: { userAgent: 'e2e' } });
  expect(terms.ok(), await terms.text()).toBe(true);
  const me = await page.request.patch(`${server.baseURL}/api/me`, {
    headers,
    data: { product_description: PRODUCT, has_seen_intro: true, language },
  });
  expect(me.ok(), await me.text()).toBe(true);
  return token;
}

async function startChats(request: APIRequestContext, token: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await request.post(`${server.baseURL}/api/chat`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { mode: 'Übung', difficulty: 1, message: `Guten Tag, Gespräch ${i + 1}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

test('German, desktop: the start check at the limit says when the quota renews, not to upgrade', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await guestOnChat(page, 'de');
  await startChats(page.request, token, 5);
  await page.goto(`${server.baseURL}/app/chat`);
  await page.getByRole('button', { name: /^Übung/ }).click();
  await page.getByRole('button', { name: /^Mittel/ }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const box = page.getByRole('alert').filter({ hasText: 'Monatslimit erreicht' });
  const { month, year } = renewal();
  await expect(
    box.getByText(
      `Du hast dein monatliches Chat-Limit (5) erreicht. Ab dem 1. ${GERMAN_MONTHS[month]} ${year} kannst du wieder Chats starten.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/upgrade/i)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the monthly limit without plans for sale');
});

test('English, phone: the server refusing the first message says when the quota renews, in English', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await guestOnChat(page, 'en');
  await startChats(page.request, token, 4);
  await page.goto(`${server.baseURL}/app/chat`);
  await page.getByRole('button', { name: /^Practice/ }).click();
  await page.getByRole('button', { name: /^Medium/ }).click();
  // one chat is left: the start check lets the chat start
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const input = page.getByRole('textbox', { name: 'Your message' });
  await expect(input).toBeEnabled();
  // meanwhile another tab uses the last chat of the month
  await startChats(page.request, token, 1);
  await input.fill('Good morning, I would like to introduce our offer.');
  await input.press('Enter');
  const box = page.getByRole('alert').filter({ hasText: 'Monthly limit reached' });
  const { month, year } = renewal();
  await expect(
    box.getByText(`You have reached your monthly chat limit (5). You can start chats again on 1 ${ENGLISH_MONTHS[month]} ${year}.`),
  ).toBeVisible();
  await expect(page.getByText(/upgrade|Monatslimit|erreicht/i)).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'the monthly limit in English on a phone');
});
