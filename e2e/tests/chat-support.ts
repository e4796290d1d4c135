import { type APIRequestContext, type Page } from '@playwright/test';
import { appURL, baseURL, createConfirmedUser, expect, prepareProfile, signIn, uniqueEmail } from './support';

export const PASSWORD = 'Verkaufen2025!';

/** A confirmed user, signed in through the login page, on /chat. */
export async function signedInOnChat(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await createConfirmedUser(request, email, PASSWORD);
  await page.goto(appURL('/login'));
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(appURL('/dashboard'));
  await page.goto(appURL('/chat'));
  await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
  return email;
}

/**
 * A guest ('Ohne Konto ausprobieren' through the API, terms accepted) whose
 * refresh cookie lands in the page's context; the app signs in from it on
 * /chat. Guests have the Free quota. Returns the guest's access token.
 * (Guests have their own rate limit, so the suite stays under the sign-up one.)
 */
export async function guestOnChat(page: Page): Promise<string> {
  const res = await page.request.post(`${baseURL()}/api/auth/anonymous`);
  expect(res.ok(), await res.text()).toBe(true);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const terms = await page.request.post(`${baseURL()}/api/me/terms`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { userAgent: 'e2e' },
  });
  expect(terms.ok(), await terms.text()).toBe(true);
  await prepareProfile(page.request, token);
  await page.goto(appURL('/chat'));
  await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
  return token;
}

/** An access token of the user through the API (a separate session). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${baseURL()}/api/auth/login`, { data: { email, password: PASSWORD, remember: false } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Starts a practice chat through the API and returns its id. */
export async function startChatByApi(
  request: APIRequestContext,
  token: string,
  message = 'Guten Tag, ich stelle Ihnen kurz unser Angebot vor.',
): Promise<string> {
  const res = await request.post(`${baseURL()}/api/chat`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { mode: 'Übung', difficulty: 1, message },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { conversationId: string }).conversationId;
}

/** The chat's input. */
export const input = (page: Page) => page.getByRole('textbox', { name: 'Deine Nachricht' });

/** Chooses practice and a difficulty, presses Start and sends the opening pitch. */
export async function startPractice(page: Page, difficulty: 'Leicht' | 'Mittel' | 'Schwer', pitch: string) {
  await page.getByRole('button', { name: /^Übung/ }).click();
  await page.getByRole('button', { name: new RegExp(`^${difficulty}`) }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(input(page)).toBeEnabled();
  await expect(input(page)).toBeFocused();
  await input(page).fill(pitch);
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
}

/** Waits until the customer has answered `count` times and nothing is in flight. */
export async function expectCustomerReplies(page: Page, count: number) {
  const log = page.getByRole('list', { name: 'Gesprächsverlauf' });
  await expect(log.locator('.message--bot:not(.message--typing)')).toHaveCount(count);
  await expect(log).toHaveAttribute('aria-busy', 'false');
}

/** Opens the hint popup, asks for the perfect answer, confirms it and waits for the reply. */
export async function sendPerfectAnswer(page: Page, replies: number) {
  await page.getByRole('button', { name: 'Tipp anzeigen' }).click();
  const hint = page.getByRole('dialog', { name: 'Tipp für deine nächste Antwort' });
  await expect(hint.getByLabel('Tipp (bearbeitbar)')).not.toHaveValue('');
  await hint.getByRole('button', { name: 'Perfekte Antwort' }).click();
  const confirm = page.getByRole('dialog', { name: 'Perfekte Antwort senden?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Senden' }).click();
  await expect(confirm).toBeHidden();
  await expectCustomerReplies(page, replies);
}

/**
 * A minimal valid one-page PDF (Helvetica text, correct xref offsets) with
 * the given lines of ASCII text.
 */
export function makePdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT',
    '/F1 18 Tf',
    '72 720 Td',
    '22 TL',
    ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${escape(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
